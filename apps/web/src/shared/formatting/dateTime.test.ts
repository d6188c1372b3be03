import { describe, expect, it } from 'vitest';
import { formatDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('shows the moment in the zone given', () => {
    const noonUtc = Date.UTC(2026, 10, 25, 12, 0, 5);
    expect(formatDateTime(noonUtc, 'Asia/Tokyo')).toMatch(/9:00:05\sPM/);
    expect(formatDateTime(noonUtc, 'UTC')).toMatch(/12:00:05\sPM/);
  });
});
