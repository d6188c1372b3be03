import { describe, expect, it } from 'vitest';
import { ASSET_TYPE } from './assetTypes.ts';
import {
  ASSET_HEALTH_ATTENTION_ORDER,
  ASSET_HEALTH_COLOURS,
  ASSET_HEALTH_STATES,
  deriveAssetHealth,
  reportsOwnReadings,
} from './health.ts';

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

  it('shows COMMUNICATION_LOST for a monitored asset that stopped sending, below maintenance and no monitor', () => {
    expect(deriveAssetHealth({ isCommunicating: false })).toBe('COMMUNICATION_LOST');
    expect(deriveAssetHealth({ isCommunicating: false, alerts: [critical] })).toBe('COMMUNICATION_LOST');
    expect(deriveAssetHealth({ isCommunicating: true, alerts: [warning] })).toBe('WARNING');
    expect(deriveAssetHealth({ isCommunicating: true })).toBe('HEALTHY');
    expect(deriveAssetHealth({ isCommunicating: false, isMonitored: false })).toBe('NO_MONITOR');
    expect(deriveAssetHealth({ isCommunicating: false, inMaintenance: true })).toBe('MAINTENANCE_MODE');
  });

  it('asks units and make-up-air units about communication, not the assets that hold them', () => {
    expect(reportsOwnReadings(ASSET_TYPE.unit)).toBe(true);
    expect(reportsOwnReadings(ASSET_TYPE.makeUpAirUnit)).toBe(true);
    for (const type of [ASSET_TYPE.site, ASSET_TYPE.building, ASSET_TYPE.datahall, ASSET_TYPE.splitUnit]) {
      expect(reportsOwnReadings(type)).toBe(false);
    }
    expect(reportsOwnReadings(ASSET_TYPE.agent)).toBe(false);
  });

  it('gives every state one distinct colour and a place in the attention order', () => {
    expect(new Set(Object.values(ASSET_HEALTH_COLOURS)).size).toBe(ASSET_HEALTH_STATES.length);
    expect([...ASSET_HEALTH_ATTENTION_ORDER].sort()).toEqual([...ASSET_HEALTH_STATES].sort());
  });
});
