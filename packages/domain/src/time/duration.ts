/**
 * ISO 8601 durations, the one module that reads and shows them: rule windows, active intervals, configuration,
 * estimated durations of tickets and the time of time entries.
 */

/** Every duration failure, with the spec's message. */
export class DurationError extends Error {}

/** The parts of an ISO 8601 duration as written: P1Y2M3W4DT5H6M7S. Months and years stay apart (no fixed length). */
export interface DurationParts {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

type PartName = keyof DurationParts;

/** Spec (section 5, Durations): Y, M, W, D before T; H, M, S after it. Each unit once, in this order. */
const DATE_UNITS: ReadonlyArray<readonly [string, PartName]> = [
  ['Y', 'years'],
  ['M', 'months'],
  ['W', 'weeks'],
  ['D', 'days'],
];
const TIME_UNITS: ReadonlyArray<readonly [string, PartName]> = [
  ['H', 'hours'],
  ['M', 'minutes'],
  ['S', 'seconds'],
];

const ZERO: DurationParts = { years: 0, months: 0, weeks: 0, days: 0, hours: 0, minutes: 0, seconds: 0 };

const notRecognized = (text: string, reason: string): DurationError =>
  new DurationError(`Duration string ${text} not recognized. ${reason}`);

const unrecognizedPart = (text: string, part: string): DurationError =>
  notRecognized(text, `Unrecognized part ${part}`);

/**
 * Reads an ISO 8601 duration into its parts. Spec messages: "Duration string ... not recognized. Must start with
 * 'P'." when the P is missing, and 'Unrecognized part' naming the first part that is not a number followed by an
 * allowed unit (also a unit out of order or repeated, and a T with nothing after it).
 */
export function parseDuration(text: string): DurationParts {
  if (!text.startsWith('P')) throw notRecognized(text, "Must start with 'P'.");
  const tAt = text.indexOf('T');
  const datePart = tAt < 0 ? text.slice(1) : text.slice(1, tAt);
  const timePart = tAt < 0 ? undefined : text.slice(tAt + 1);
  if (datePart === '' && (timePart === undefined || timePart === '')) {
    throw unrecognizedPart(text, timePart === undefined ? text : 'T');
  }
  if (timePart === '') throw unrecognizedPart(text, 'T');
  const parts: DurationParts = { ...ZERO };
  readSection(text, datePart, DATE_UNITS, parts);
  if (timePart !== undefined) readSection(text, timePart, TIME_UNITS, parts);
  return parts;
}

function readSection(
  text: string,
  section: string,
  units: ReadonlyArray<readonly [string, PartName]>,
  into: DurationParts,
): void {
  const pattern = /(\d+(?:[.,]\d+)?)([A-Z])/y;
  let next = 0; // index into `units`: each unit at most once and in order
  while (pattern.lastIndex < section.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(section);
    if (!match) throw unrecognizedPart(text, section.slice(at));
    const [part, amount = '', letter = ''] = match;
    const index = units.findIndex(([unit], i) => i >= next && unit === letter);
    const unit = units[index];
    if (unit === undefined) throw unrecognizedPart(text, part);
    into[unit[1]] = Number(amount.replace(',', '.'));
    next = index + 1;
  }
}

/** True when `text` is a duration parseDuration reads. */
export function isDuration(text: string): boolean {
  try {
    parseDuration(text);
    return true;
  } catch (error) {
    if (error instanceof DurationError) return false;
    throw error;
  }
}

const asParts = (duration: string | DurationParts): DurationParts =>
  typeof duration === 'string' ? parseDuration(duration) : duration;

/**
 * Hours of a duration (weeks are 7 days, days 24 hours). Months and years have no fixed length, so the spec
 * refuses them: "Hours can't be calculated with months.".
 */
export function durationToHours(duration: string | DurationParts): number {
  const parts = asParts(duration);
  if (parts.months !== 0 || parts.years !== 0)
    throw new DurationError("Hours can't be calculated with months.");
  return (parts.weeks * 7 + parts.days) * 24 + parts.hours + parts.minutes / 60 + parts.seconds / 3600;
}

/** Spec: estimated duration shows in hours: 'PT4H30M' → '4.5 h' (two decimals at most). */
export function formatDurationHours(duration: string | DurationParts): string {
  const hours = Math.round(durationToHours(duration) * 100) / 100;
  return `${hours} h`;
}

/** Hours typed by a user (4.5) as the ISO duration stored for them ('PT4H30M'); whole seconds at most. */
export function hoursToDuration(hours: number): string {
  const total = Math.max(0, Math.round(hours * 3600));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
  return time === '' ? 'PT0S' : `PT${time}`;
}

const ABBREVIATIONS: ReadonlyArray<readonly [PartName, string]> = [
  ['years', 'y'],
  ['months', 'mo'],
  ['days', 'd'],
  ['hours', 'h'],
  ['minutes', 'm'],
  ['seconds', 's'],
];

/** Whole overflow carried up (PT90S → 1m 30s, PT36H → 1d 12h); fractions stay where they are written. */
function carryOverflow(parts: DurationParts): DurationParts {
  const shown: DurationParts = { ...parts, weeks: 0, days: parts.days + parts.weeks * 7 };
  const carries: ReadonlyArray<readonly [PartName, PartName, number]> = [
    ['seconds', 'minutes', 60],
    ['minutes', 'hours', 60],
    ['hours', 'days', 24],
  ];
  for (const [from, to, size] of carries) {
    if (Number.isInteger(shown[from]) && shown[from] >= size) {
      shown[to] += Math.floor(shown[from] / size);
      shown[from] %= size;
    }
  }
  return shown;
}

/**
 * A duration in the spec's abbreviations y, mo, d, h, m, s: 'P1DT2H30M' → '1d 2h 30m', 'PT90S' → '1m 30s'. Weeks
 * count as 7 days (there is no abbreviation for them), whole overflow is carried up (days are not turned into
 * months: those have no fixed length); parts that are zero are left out, and nothing at all reads '0m'.
 */
export function formatDuration(duration: string | DurationParts): string {
  return abbreviated(carryOverflow(asParts(duration)));
}

/** Parts as they stand in the abbreviations, zero parts left out. */
function abbreviated(shown: DurationParts): string {
  const words = ABBREVIATIONS.filter(([name]) => shown[name] !== 0).map(
    ([name, abbreviation]) => `${shown[name]}${abbreviation}`,
  );
  return words.length === 0 ? '0m' : words.join(' ');
}

/**
 * The one way an ISO duration from the server is shown to a user ('PT2M' → '2m'). Text that is not a duration
 * is shown as it is: a screen must not break on one odd stored value, and the reader still sees what is there.
 */
export function durationText(text: string): string {
  try {
    return formatDuration(text);
  } catch (error) {
    if (error instanceof DurationError) return text;
    throw error;
  }
}

/** Time entries carry their duration as hours and minutes (spec section 3, Time entry). */
export interface HoursMinutes {
  hours: number;
  minutes: number;
}

export const hoursMinutesToMinutes = ({ hours, minutes }: HoursMinutes): number => hours * 60 + minutes;

export function minutesToHoursMinutes(totalMinutes: number): HoursMinutes {
  const whole = Math.max(0, Math.round(totalMinutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}

/** Minutes in the spec's abbreviations: 90 → '1h 30m', 45 → '45m', 0 → '0m'; days are not split out. */
export function formatMinutes(totalMinutes: number): string {
  const { hours, minutes } = minutesToHoursMinutes(totalMinutes);
  return abbreviated({ ...ZERO, hours, minutes });
}

/**
 * What a user types for time spent, in minutes: '45m', '1h30', '1h 30m', '1:30', '1.5' or '1,5' (a bare number is
 * hours), '90 min', or an ISO duration 'PT1H30M'. Undefined when it is none of these; the caller checks bounds.
 */
export function parseTimeInput(input: string): number | undefined {
  const text = input.trim().toLowerCase().replace(',', '.');
  if (text === '') return undefined;
  if (text.startsWith('p')) {
    try {
      return Math.round(durationToHours(text.toUpperCase()) * 60);
    } catch (error) {
      if (error instanceof DurationError) return undefined;
      throw error;
    }
  }
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(text);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  const bare = /^(\d+(?:\.\d+)?|\.\d+)$/.exec(text);
  if (bare) return Math.round(Number(bare[1]) * 60);
  const units = /^(?:(\d+(?:\.\d+)?)\s*h(?:ours?|rs?)?)?\s*(?:(\d+)\s*(?:m(?:in(?:ute)?s?)?)?)?$/.exec(text);
  if (!units || (units[1] === undefined && units[2] === undefined)) return undefined;
  return Math.round(Number(units[1] ?? 0) * 60) + Number(units[2] ?? 0);
}

const DAY_MS = 86_400_000;

/** An ISO 8601 duration (PT5M, P1DT2H, PT0.5S) in milliseconds, with parseDuration's messages. A month counts 30
 * days and a year 365, as the console shows them. */
export function parseIsoDuration(text: string): number {
  const p = parseDuration(text);
  const days = p.years * 365 + p.months * 30 + p.weeks * 7 + p.days;
  return Math.round(days * DAY_MS + p.hours * 3_600_000 + p.minutes * 60_000 + p.seconds * 1000);
}

/** Milliseconds as the shortest ISO 8601 duration of days, hours, minutes and seconds (PT5M, P1DT12H). */
export function formatIsoDuration(ms: number): string {
  let rest = Math.max(0, Math.round(ms / 1000));
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const seconds = rest - minutes * 60;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  if (days === 0 && time === '') return 'PT0S';
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}
