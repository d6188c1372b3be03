import { describe, expect, it } from 'vitest';
import {
  DEVICE_STATUS_BITS,
  DEVICE_STATUS_COLOURS,
  DEVICE_STATUS_SEVERITY,
  decodeDeviceStatus,
  deviceStatusColour,
  encodeDeviceStatus,
  worstDeviceStatus,
} from './statusBits.ts';

describe('device status bits', () => {
  it('decodes none and OK', () => {
    expect(decodeDeviceStatus(-1)).toEqual([]);
    expect(decodeDeviceStatus(null)).toEqual([]);
    expect(decodeDeviceStatus(undefined)).toEqual([]);
    expect(decodeDeviceStatus(0)).toEqual(['OK']);
    expect(decodeDeviceStatus(1)).toEqual(['OK']);
  });

  it('decodes each bit, in list order', () => {
    for (const [name, bit] of Object.entries(DEVICE_STATUS_BITS))
      expect(decodeDeviceStatus(bit)).toEqual([name]);
    expect(decodeDeviceStatus(0x08 | 0x20 | 0x100)).toEqual(['DOWN', 'STALE', 'UNACKNOWLEDGED_ALARM']);
    // OK beside a problem bit adds nothing: the reading is in trouble.
    expect(decodeDeviceStatus(0x01 | 0x04)).toEqual(['FAULT']);
    expect(decodeDeviceStatus(0x1ff)).toHaveLength(8);
  });

  it('treats invalid integers as none and ignores unknown high bits', () => {
    expect(decodeDeviceStatus(-5)).toEqual([]);
    expect(decodeDeviceStatus(1.5)).toEqual([]);
    expect(decodeDeviceStatus(0x200 | 0x04)).toEqual(['FAULT']);
  });

  it('round-trips through encode', () => {
    expect(encodeDeviceStatus(decodeDeviceStatus(0x2a))).toBe(0x2a);
    expect(encodeDeviceStatus(['OK'])).toBe(1);
    expect(encodeDeviceStatus(['OK', 'FAULT'])).toBe(0x04);
  });

  it('has the spec colours and ranks', () => {
    expect(DEVICE_STATUS_COLOURS).toEqual({
      DOWN: 'red',
      FAULT: 'olive',
      DISABLED: 'orange',
      OVERRIDDEN: 'purple',
      STALE: 'brown',
      NULL: 'lightgray',
    });
    expect(DEVICE_STATUS_SEVERITY).toEqual({
      DOWN: 5,
      FAULT: 4,
      DISABLED: 3,
      OVERRIDDEN: 2,
      STALE: 1,
      NULL: 0,
    });
  });

  it('finds the worst status of a set of integers and names', () => {
    expect(worstDeviceStatus([0x20, 0x02, 0x40])).toBe('DISABLED');
    expect(worstDeviceStatus([0x04 | 0x08])).toBe('DOWN');
    expect(worstDeviceStatus(['STALE', 'NULL'])).toBe('STALE');
    expect(worstDeviceStatus([0x80])).toBe('NULL');
    expect(worstDeviceStatus([0, 1, -1, 0x10, 0x100, 'OK'])).toBeNull();
    expect(worstDeviceStatus([])).toBeNull();
  });

  it('colours a status by its worst bit', () => {
    expect(deviceStatusColour(0x04 | 0x40)).toBe('olive');
    expect(deviceStatusColour(0)).toBeNull();
    expect(deviceStatusColour(1)).toBeNull();
    expect(deviceStatusColour(-1)).toBeNull();
  });
});
