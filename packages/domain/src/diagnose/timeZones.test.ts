import { describe, expect, it } from 'vitest';
import { chooseTimeZone, listTimeZones, utcOffsetLabel } from './timeZones.ts';

describe('the time zone list', () => {
  const zones = listTimeZones(Date.UTC(2026, 0, 15));

  it('holds about 400 IANA zones, UTC among them, sorted by label', () => {
    expect(zones.length).toBeGreaterThan(340);
    expect(zones.length).toBeLessThan(500);
    expect(zones.map((zone) => zone.value)).toContain('UTC');
    const labels = zones.map((zone) => zone.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(zones.map((zone) => zone.value)).size).toBe(zones.length);
  });

  it('labels each zone with its name and its offset at the time asked', () => {
    expect(zones.find((zone) => zone.value === 'America/New_York')?.label).toBe(
      'America/New York (UTC-05:00)',
    );
    // ICU names India's zone Asia/Calcutta or Asia/Kolkata, depending on its version.
    const india = zones.find((zone) => ['Asia/Kolkata', 'Asia/Calcutta'].includes(zone.value));
    expect(india?.label).toMatch(/^Asia\/(Kolkata|Calcutta) \(UTC\+05:30\)$/);
    expect(utcOffsetLabel('America/New_York', Date.UTC(2026, 6, 1))).toBe('UTC-04:00');
    expect(utcOffsetLabel('UTC', 0)).toBe('UTC+00:00');
  });

  it("defaults to the user's own zone, also for a saved zone the runtime does not know", () => {
    expect(chooseTimeZone(undefined, 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(chooseTimeZone('Mars/Olympus_Mons', 'Europe/Berlin')).toBe('Europe/Berlin');
    expect(chooseTimeZone('Asia/Tokyo', 'Europe/Berlin')).toBe('Asia/Tokyo');
  });
});
