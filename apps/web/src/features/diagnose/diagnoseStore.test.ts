import { describe, expect, it } from 'vitest';
import { defaultDiagnoseView } from '@kelvin/domain';
import { restoreDiagnoseState, sessionThenLocal } from './diagnoseStore.ts';

const NOW = Date.UTC(2026, 10, 24, 12);
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('restoring the diagnose state', () => {
  it('starts from the default view over the last hour when nothing is saved', () => {
    const state = restoreDiagnoseState(undefined, NOW);
    expect(state.selectedViewId).toBeNull();
    expect(state.recent).toEqual([]);
    expect(state.view.groups).toEqual(defaultDiagnoseView().groups);
    expect([state.view.rangeDisplay, state.view.fromDate, state.view.toDate]).toEqual([
      'Last 1 Hour',
      iso(NOW - HOUR),
      iso(NOW),
    ]);
  });

  it('resolves a saved relative range again from now, and keeps a saved custom one', () => {
    const saved = {
      view: { rangeDisplay: 'Last 6 Hours', fromDate: iso(0), toDate: iso(1) },
      selectedViewId: 4,
    };
    const relative = restoreDiagnoseState(saved, NOW);
    expect([relative.view.fromDate, relative.view.toDate]).toEqual([iso(NOW - 6 * HOUR), iso(NOW)]);
    expect(relative.selectedViewId).toBe(4);
    const custom = restoreDiagnoseState(
      { view: { rangeDisplay: 'Custom', fromDate: iso(NOW - 3 * HOUR), toDate: iso(NOW - HOUR) } },
      NOW,
    );
    expect([custom.view.fromDate, custom.view.toDate]).toEqual([iso(NOW - 3 * HOUR), iso(NOW - HOUR)]);
  });

  it('drops invalid saved dates and falls back to the last hour', () => {
    const state = restoreDiagnoseState(
      {
        view: {
          rangeDisplay: 'Custom',
          fromDate: 'not a date',
          toDate: iso(NOW),
          diagnosePageHistory: [
            { fromDate: 'x', toDate: iso(NOW) },
            { fromDate: iso(NOW - 60_000), toDate: iso(NOW) },
          ],
        },
        recent: [3, 'x', 2.5, 7],
      },
      NOW,
    );
    expect(state.view.rangeDisplay).toBe('Last 1 Hour');
    expect(state.view.fromDate).toBe(iso(NOW - HOUR));
    expect(state.view.diagnosePageHistory).toEqual([{ fromDate: iso(NOW - 60_000), toDate: iso(NOW) }]);
    expect(state.recent).toEqual([3, 7]);
  });
});

describe('where the diagnose state is kept', () => {
  it('reads the tab’s own state first, else the last saved in any tab, and writes both', () => {
    const session = new Map<string, string>();
    const local = new Map<string, string>();
    const asStorage = (map: Map<string, string>): Storage => ({
      get length() {
        return map.size;
      },
      clear: () => map.clear(),
      getItem: (key) => map.get(key) ?? null,
      key: (index) => [...map.keys()][index] ?? null,
      removeItem: (key) => void map.delete(key),
      setItem: (key, value) => void map.set(key, value),
    });
    const storage = sessionThenLocal(asStorage(session), asStorage(local));
    local.set('k', 'from another tab');
    expect(storage.getItem('k')).toBe('from another tab');
    void storage.setItem('k', 'this tab');
    expect([session.get('k'), local.get('k')]).toEqual(['this tab', 'this tab']);
    local.set('k', 'a later tab');
    expect(storage.getItem('k')).toBe('this tab');
  });
});
