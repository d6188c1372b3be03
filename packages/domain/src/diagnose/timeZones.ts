export interface TimeZoneOption {
  /** What the picker shows, e.g. 'America/New York (UTC-05:00)'. */
  label: string;
  /** The IANA id, e.g. 'America/New_York'. */
  value: string;
}

/** The offset of `timeZone` at `at`, as 'UTC+05:30' ('UTC' itself with no offset). */
export function utcOffsetLabel(timeZone: string, at: number): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? 'UTC+00:00' : name.replace('GMT', 'UTC').replace('\u2212', '-');
}

/** One zone as the picker lists it: 'America/New York (UTC-05:00)'. */
export function timeZoneOption(value: string, at: number = Date.now()): TimeZoneOption {
  return { value, label: `${value.replaceAll('_', ' ')} (${utcOffsetLabel(value, at)})` };
}

/**
 * Every IANA zone the runtime knows (about 400), plus UTC, as label and id sorted by label (spec). Costly (a
 * formatter per zone, about 100 ms in a browser): callers build it when the list is needed, and keep it.
 */
export function listTimeZones(at: number = Date.now()): TimeZoneOption[] {
  const ids = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return [...ids]
    .map((value) => timeZoneOption(value, at))
    .sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The user's own zone is the default; a saved or unknown zone the runtime cannot use falls back to it. */
export function chooseTimeZone(saved: unknown, own: string): string {
  if (typeof saved !== 'string' || saved === '') return own;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: saved });
    return saved;
  } catch {
    return own;
  }
}
