import { describe, expect, it } from 'vitest';
import { deriveAssetHealth } from './health.ts';

const warning = { level: 'WARNING', type: 'METRIC' };
const critical = { level: 'CRITICAL', type: 'METRIC' };
const lost = { level: 'WARNING', type: 'COMMUNICATION_LOST' };
const assetLost = { level: 'INFO', type: 'ASSET_COMMUNICATION_LOST' };

describe('asset health', () => {
  it('is HEALTHY by default and with only info alerts', () => {
    expect(deriveAssetHealth({})).toBe('HEALTHY');
    expect(deriveAssetHealth({ alerts: [{ level: 'INFO', type: 'METRIC' }] })).toBe('HEALTHY');
  });

  it('ranks COMMUNICATION_LOST over CRITICAL over WARNING', () => {
    expect(deriveAssetHealth({ alerts: [warning] })).toBe('WARNING');
    expect(deriveAssetHealth({ alerts: [warning, critical] })).toBe('CRITICAL');
    expect(deriveAssetHealth({ alerts: [critical, lost, warning] })).toBe('COMMUNICATION_LOST');
    expect(deriveAssetHealth({ alerts: [assetLost] })).toBe('COMMUNICATION_LOST');
  });

  it('ignores resolved alerts', () => {
    expect(deriveAssetHealth({ alerts: [{ ...critical, status: 'RESOLVED' }, warning] })).toBe('WARNING');
  });

  it('shows NO_MONITOR for unmonitored assets, whatever their alerts', () => {
    expect(deriveAssetHealth({ isMonitored: false })).toBe('NO_MONITOR');
    expect(deriveAssetHealth({ isMonitored: false, alerts: [lost] })).toBe('NO_MONITOR');
  });

  it('puts MAINTENANCE_MODE above everything, NO_MONITOR included', () => {
    expect(deriveAssetHealth({ inMaintenance: true, alerts: [lost, critical] })).toBe('MAINTENANCE_MODE');
    expect(deriveAssetHealth({ inMaintenance: true, isMonitored: false })).toBe('MAINTENANCE_MODE');
    expect(deriveAssetHealth({ inMaintenance: false, isMonitored: true, alerts: [critical] })).toBe(
      'CRITICAL',
    );
  });
});
