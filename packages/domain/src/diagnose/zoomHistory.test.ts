import { describe, expect, it } from 'vitest';
import { canZoomBack, currentZoom, startZoomHistory, zoomBack, zoomTo } from './zoomHistory.ts';

describe('zoom history', () => {
  const first = { from: 0, to: 1000 };
  const second = { from: 100, to: 900 };
  const third = { from: 200, to: 300 };

  it('goes back one step at a time and stays at the first range at the bottom', () => {
    let history = zoomTo(zoomTo(startZoomHistory(first), second), third);
    expect(currentZoom(history)).toEqual(third);
    history = zoomBack(history);
    expect(currentZoom(history)).toEqual(second);
    history = zoomBack(history);
    expect(currentZoom(history)).toEqual(first);
    expect(canZoomBack(history)).toBe(false);
    expect(zoomBack(history)).toEqual([first]);
  });

  it('ignores an empty or backward zoom', () => {
    const history = startZoomHistory(first);
    expect(zoomTo(history, { from: 5, to: 5 })).toBe(history);
    expect(zoomTo(history, { from: 6, to: 5 })).toBe(history);
  });
});
