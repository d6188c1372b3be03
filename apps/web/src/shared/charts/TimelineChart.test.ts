import { describe, expect, it } from 'vitest';
import { LANE_PX, laneLabelWidth, timelinePlotHeight } from './TimelineChart.tsx';

describe('timeline lanes', () => {
  it('gives every lane the same height, so that more lanes make a taller plot rather than thinner lanes', () => {
    const heights = [1, 3, 10, 40].map(timelinePlotHeight);
    expect(heights[1]! - heights[0]!).toBe(2 * LANE_PX);
    expect(heights[3]! - heights[2]!).toBe(30 * LANE_PX);
    // A label line of the xs font (about 18 px) fits a lane with room to spare.
    expect(LANE_PX).toBeGreaterThanOrEqual(24);
  });

  it('sizes the label column to the chart, within bounds', () => {
    expect(laneLabelWidth(300)).toBe(96);
    expect(laneLabelWidth(600)).toBe(150);
    expect(laneLabelWidth(2000)).toBe(220);
  });
});
