import { describe, expect, it } from 'vitest';
import { formatWindowSpan } from './maintenanceFormat.ts';

describe('formatWindowSpan', () => {
  it('writes a window within a day as one date with both times, in the window zone', () => {
    const span = formatWindowSpan({
      timeZoneId: 'America/New_York',
      timeWindow: { from: '2026-11-27T18:00:00Z', to: '2026-11-27T20:00:00Z' },
    });
    expect(span).toBe('11/27/2026 01:00:00 PM – 03:00:00 PM');
  });

  it('writes both dates when the window spans days', () => {
    const span = formatWindowSpan({
      timeZoneId: 'UTC',
      timeWindow: { from: '2026-11-27T22:00:00Z', to: '2026-11-28T02:30:00Z' },
    });
    expect(span).toBe('11/27/2026 10:00:00 PM – 11/28/2026 02:30:00 AM');
  });
});
