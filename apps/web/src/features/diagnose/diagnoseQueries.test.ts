import { describe, expect, it } from 'vitest';
import { UNREPORTED_RETRY_MS, unreportedRetryInterval } from './diagnoseQueries.ts';

describe('asking again for the metrics of a unit that has reported nothing', () => {
  it('asks again soon while any asked-for unit has no metric, listed empty or not listed at all', () => {
    expect(unreportedRetryInterval([7], [{ assetId: 7, metricIds: [] }])).toBe(UNREPORTED_RETRY_MS);
    expect(unreportedRetryInterval([7, 8], [{ assetId: 7, metricIds: [1, 2] }])).toBe(UNREPORTED_RETRY_MS);
  });

  it('keeps the cached answer once every unit has reported, and before the first answer', () => {
    expect(
      unreportedRetryInterval(
        [7, 8],
        [
          { assetId: 7, metricIds: [1] },
          { assetId: 8, metricIds: [3] },
        ],
      ),
    ).toBe(false);
    expect(unreportedRetryInterval([7], undefined)).toBe(false);
  });
});
