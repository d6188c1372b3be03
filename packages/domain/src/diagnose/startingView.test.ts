import { describe, expect, it } from 'vitest';
import { defaultDiagnoseView } from './diagnoseView.ts';
import { addGroup, renameGroup, setGroupAliases } from './groupEdits.ts';
import { isUntouchedDefault, startingView } from './startingView.ts';

const CRAH = [
  'humidity.return',
  'temperature.outdoorAir',
  'temperature.returnAir',
  'temperature.supplyAir',
  'temperature.supplyAirSetpoint',
  'temperature.returnAirSetpoint',
  'temperature.mixedAir',
  'airflow.supply',
  'airflow.return',
  'alarm.level',
  'alarm.activeCount',
  ...Array.from({ length: 14 }, (_, index) => `alarm.flag${index}`),
].map((alias) => ({ alias }));
const byDefault = (alias: string) => (alias === 'alarm.level' ? 'MAX' : 'AVERAGE');

describe('the view a unit opens on', () => {
  it("charts the unit's temperatures, airflow and alarms instead of an empty Metrics group", () => {
    const view = startingView(defaultDiagnoseView(), CRAH, byDefault);
    expect(view.groups.map(({ id, name, type }) => ({ id, name, type }))).toEqual([
      { id: 'alert-gantt', name: 'Alert Gantt Chart', type: 'alertGantt' },
      { id: 'metrics', name: 'Temperatures', type: 'chart' },
      { id: 'airflow', name: 'Airflow', type: 'chart' },
      { id: 'alarms', name: 'Alarms', type: 'chart' },
    ]);
    // The supply and return air first, then their setpoints: a handful, not every temperature.
    expect(view.groups[1]?.aliases).toEqual([
      'temperature.supplyAir',
      'temperature.returnAir',
      'temperature.supplyAirSetpoint',
      'temperature.returnAirSetpoint',
    ]);
    expect(view.groups[2]?.aliases).toEqual(['airflow.supply', 'airflow.return']);
    // The alarm level, never the seventeen alarm flags; an enum, so charted at its highest per interval.
    expect(view.groups[3]?.aliases).toEqual(['alarm.level']);
    expect(view.groups[3]?.aliasToAggregationFunction).toEqual({ 'alarm.level': 'MAX' });
    // Every group has its place on the grid, none on top of another.
    expect(view.layout.map((item) => item.i)).toEqual(view.groups.map((group) => group.id));
    const cells = new Set<string>();
    for (const item of view.layout) {
      for (let x = item.x; x < item.x + item.w; x++) {
        for (let y = item.y; y < item.y + item.h; y++) {
          expect(cells.has(`${x},${y}`)).toBe(false);
          cells.add(`${x},${y}`);
        }
      }
    }
    expect(isUntouchedDefault(view)).toBe(false);
  });

  it('falls back to what a template has, and leaves out charts it has nothing for', () => {
    const view = startingView(
      defaultDiagnoseView(),
      [{ alias: 'temperature.outdoorAir' }, { alias: 'fan.1.speed' }],
      byDefault,
    );
    expect(view.groups.map((group) => [group.name, group.aliases])).toEqual([
      ['Alert Gantt Chart', []],
      ['Temperatures', ['temperature.outdoorAir']],
      ['Airflow', ['fan.1.speed']],
    ]);
    expect(view.layout.at(-1)).toMatchObject({ i: 'airflow', w: 12 });
  });

  it('keeps a view someone shaped, and the default when the unit reports nothing it knows', () => {
    const chosen = setGroupAliases(defaultDiagnoseView(), 'metrics', ['humidity.return'], byDefault);
    expect(startingView(chosen, CRAH, byDefault)).toBe(chosen);
    const renamed = renameGroup(defaultDiagnoseView(), 'metrics', 'Mine');
    expect(startingView(renamed, CRAH, byDefault)).toBe(renamed);
    const added = addGroup(defaultDiagnoseView(), 'table');
    expect(startingView(added, CRAH, byDefault)).toBe(added);
    const unknown = defaultDiagnoseView();
    expect(startingView(unknown, [{ alias: 'power.total' }], byDefault)).toBe(unknown);
  });
});
