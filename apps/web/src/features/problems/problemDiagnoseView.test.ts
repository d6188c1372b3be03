import { describe, expect, it } from 'vitest';
import { problemDiagnoseView } from './problemDiagnoseView.ts';
import { buildAlert, buildProblem } from './problemTestData.ts';

const HOUR = 3_600_000;

describe('problemDiagnoseView', () => {
  const problem = buildProblem({
    firstEventAt: '2026-11-25T08:00:00.000Z',
    lastEventAt: '2026-11-25T09:30:00.000Z',
  });
  const aliasOf = (id: number) => (id === 8 ? 'temperature.returnAir' : undefined);
  const now = Date.parse('2026-11-25T10:00:00.000Z');

  it('charts its alerts’ metrics on its asset from an hour before the first event to now while unresolved', () => {
    const view = problemDiagnoseView(
      problem,
      [buildAlert({ metricIds: [7, 8] }), buildAlert({ monitorMetricAlias: null, metricIds: [8] })],
      aliasOf,
      now,
    );
    expect(view.selectedAssets).toEqual([4]);
    expect(view.fromDate).toBe(new Date(Date.parse(problem.firstEventAt) - HOUR).toISOString());
    expect(view.toDate).toBe(new Date(now).toISOString());
    expect(view.rangeDisplay).toBe('Custom');
    expect(view.groups.map((group) => [group.type, group.aliases])).toEqual([
      ['alertGantt', []],
      ['chart', ['temperature.supplyAir', 'temperature.returnAir']],
    ]);
  });

  it('ends at the last event when every alert is resolved', () => {
    const view = problemDiagnoseView(problem, [buildAlert({ status: 'RESOLVED' })], aliasOf, now);
    expect(view.toDate).toBe(problem.lastEventAt);
  });
});
