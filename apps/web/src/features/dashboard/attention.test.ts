import { describe, expect, it } from 'vitest';
import type { AssetHealthState } from '@kelvin/domain';
import { buildAsset } from '../../test/assetFactories.ts';
import type { FleetGroup } from '../overview/fleetGroups.ts';
import type { UnitState } from '../overview/fleetQueries.ts';
import { attentionRows } from './attention.ts';

const unit = (assetId: number, name: string) => ({
  assetId,
  name,
  asset: buildAsset({ assetId, name, assetTypeId: 4, type: 'Unit' }),
});

const hall: FleetGroup = {
  key: 'hall-3',
  path: ['Oslo Campus', 'Building A', 'Hall 1'],
  datahallId: 3,
  units: [unit(4, 'CRAH 01'), unit(5, 'CRAH 02'), unit(6, 'CRAH 03'), unit(7, 'CRAH 04')],
};

function statesOf(entries: [number, AssetHealthState, number | null][]): Map<number, UnitState> {
  return new Map(entries.map(([assetId, health, lastSeenAt]) => [assetId, { health, lastSeenAt }]));
}

describe('attention list', () => {
  it('leaves out units in maintenance mode: they are being worked on, whatever else is wrong', () => {
    const states = statesOf([
      [4, 'CRITICAL', 1000],
      [5, 'MAINTENANCE_MODE', null],
      [6, 'COMMUNICATION_LOST', 500],
      [7, 'HEALTHY', 2000],
    ]);
    const rows = attentionRows([hall], states, null);
    expect(rows.map((row) => [row.name, row.health])).toEqual([
      ['CRAH 03', 'COMMUNICATION_LOST'],
      ['CRAH 01', 'CRITICAL'],
    ]);
    expect(rows[0]?.place).toBe('Oslo Campus › Building A › Hall 1');
  });

  it('lists the units in maintenance when that count is chosen', () => {
    const states = statesOf([
      [4, 'MAINTENANCE_MODE', null],
      [5, 'MAINTENANCE_MODE', 100],
      [6, 'WARNING', 100],
    ]);
    expect(attentionRows([hall], states, 'MAINTENANCE_MODE').map((row) => row.name)).toEqual([
      'CRAH 01',
      'CRAH 02',
    ]);
  });
});
