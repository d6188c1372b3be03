import { describe, expect, it } from 'vitest';
import {
  isMaintenanceCancelable,
  isMaintenanceEditable,
  isMaintenancePast,
  maintenanceWindowState,
} from './maintenanceWindowState.ts';
import { maintenanceAssetProblem } from './maintenanceCoverage.ts';

const from = Date.parse('2025-06-01T08:00:00Z');
const to = Date.parse('2025-06-01T12:00:00Z');
const open = { from, to, canceledAt: null };

describe('maintenance window state', () => {
  it('is UPCOMING before the start, ACTIVE from the start up to the end, PAST from the end', () => {
    expect(maintenanceWindowState(open, from - 1)).toBe('UPCOMING');
    expect(maintenanceWindowState(open, from)).toBe('ACTIVE');
    expect(maintenanceWindowState(open, to - 1)).toBe('ACTIVE');
    expect(maintenanceWindowState(open, to)).toBe('PAST');
    expect(maintenanceWindowState(open, to + 86_400_000)).toBe('PAST');
  });

  it('is CANCELED once canceled, before, during or after its time; isPast still follows the clock', () => {
    const canceled = { ...open, canceledAt: from - 3_600_000 };
    for (const now of [from - 1, from + 1, to + 1])
      expect(maintenanceWindowState(canceled, now)).toBe('CANCELED');
    expect(isMaintenancePast(canceled, from + 1)).toBe(false);
    expect(isMaintenancePast(canceled, to)).toBe(true);
  });

  it('reads ISO instants with any offset as the same moments', () => {
    const berlin = { from: '2025-06-01T10:00:00+02:00', to: '2025-06-01T14:00:00+02:00', canceledAt: null };
    expect(maintenanceWindowState(berlin, from)).toBe('ACTIVE');
    expect(maintenanceWindowState(berlin, to)).toBe('PAST');
  });

  it('is editable and cancelable only while neither canceled nor past', () => {
    expect(isMaintenanceEditable(open, from - 1)).toBe(true);
    expect(isMaintenanceEditable(open, from + 1)).toBe(true);
    expect(isMaintenanceEditable(open, to)).toBe(false);
    expect(isMaintenanceEditable({ ...open, canceledAt: from }, from - 1)).toBe(false);
    expect(isMaintenanceCancelable(open, from - 1)).toBe(true);
    expect(isMaintenanceCancelable(open, from + 1)).toBe(true);
    expect(isMaintenanceCancelable(open, to)).toBe(false);
    expect(isMaintenanceCancelable({ ...open, canceledAt: '2025-06-01T09:00:00Z' }, from - 1)).toBe(false);
  });
});

describe('maintenance coverage', () => {
  it('takes units and the sites, buildings and halls that hold them, not agents', () => {
    for (const typeId of [1, 2, 3, 4, 67, 70]) expect(maintenanceAssetProblem(typeId)).toBeNull();
    expect(maintenanceAssetProblem(61)).toMatch(/this is an agent/);
    expect(maintenanceAssetProblem(999)).toMatch(/asset of an unknown type/);
  });
});
