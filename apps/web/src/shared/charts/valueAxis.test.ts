import { describe, expect, it } from 'vitest';
import { formatMetricValueWithUnits } from '@kelvin/domain';
import { measureIn, VALUE_AXIS_FONT, valueAxisSize, wholeValueSplits, wholeValueTicks } from './valueAxis.ts';

/** About 7 px a character, as 12 px system-ui measures digits. */
const measure = (text: string) => text.length * 7;

const staticReturn = {
  alias: 'pressure.staticReturn',
  displayType: 'line',
  valueType: 'number',
  enumMap: null,
};
const unitMode = {
  alias: 'status.unitMode',
  displayType: 'enum',
  valueType: 'enum',
  enumMap: { '0': 'Off', '1': 'Cooling', '2': 'Heating', '3': 'Dehumidifying' },
};
const iwg = (value: number | null) => formatMetricValueWithUnits(staticReturn, value, 'iwg');

describe('valueAxisSize', () => {
  it('makes room for the widest label: three-decimal iwg values need more than the old fixed 64 px', () => {
    const labels = [-0.125, -0.12, -0.115, -0.11].map(iwg);
    expect(labels).toContain('-0.115 iwg');
    const size = valueAxisSize(labels, measure);
    // Tick and gap (15 px) beside the widest label, which alone is 70 px.
    expect(size).toBeGreaterThanOrEqual(15 + measure('-0.115 iwg'));
    expect(size).toBeGreaterThan(64);
  });

  it('keeps a minimum for short labels, and before uPlot knows any', () => {
    expect(valueAxisSize(['0', '1'], measure)).toBe(40);
    expect(valueAxisSize(null, measure)).toBe(40);
  });
});

describe('wholeValueSplits', () => {
  it('ticks only at the values inside the scale, never between them', () => {
    expect(wholeValueSplits([3, 0, 1, 2], -0.3, 2.3, 0.5)).toEqual([0, 1, 2]);
  });

  it('thins them to every n-th when uPlot finds they do not fit', () => {
    const values = Array.from({ length: 10 }, (_, index) => index);
    expect(wholeValueSplits(values, 0, 9, 2)).toEqual([0, 2, 4, 6, 8]);
    expect(wholeValueSplits(values, 0, 9, 2.5)).toEqual([0, 3, 6, 9]);
  });
});

describe('wholeValueTicks', () => {
  it('names an enum’s values, 0 and 1 for a boolean, the union of several', () => {
    expect(wholeValueTicks([unitMode])).toEqual([0, 1, 2, 3]);
    expect(wholeValueTicks([{ displayType: 'step', valueType: 'boolean' }])).toEqual([0, 1]);
    expect(
      wholeValueTicks([unitMode, { displayType: 'enum', valueType: 'enum', enumMap: { '5': 'Fault' } }]),
    ).toEqual([0, 1, 2, 3, 5]);
  });

  it('leaves an axis with any value in between to nice numbers', () => {
    expect(wholeValueTicks([staticReturn])).toBeUndefined();
    expect(wholeValueTicks([unitMode, staticReturn])).toBeUndefined();
    expect(wholeValueTicks([{ ...unitMode, enumMap: null }])).toBeUndefined();
    expect(wholeValueTicks([])).toBeUndefined();
  });
});

describe('measureIn', () => {
  it('measures in the axis’ font and puts the canvas’ own font back', () => {
    const canvas = {
      font: '10px sans-serif',
      measureText(text: string) {
        return { width: this.font === VALUE_AXIS_FONT ? measure(text) : 0 };
      },
    };
    expect(measureIn(canvas)('-0.115 iwg')).toBe(70);
    expect(canvas.font).toBe('10px sans-serif');
  });
});
