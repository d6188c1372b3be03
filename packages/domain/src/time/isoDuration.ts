/** Milliseconds of each ISO 8601 duration unit; a month is 30 days and a year 365, as the console shows them. */
const DATE_UNITS: Readonly<Record<string, number>> = {
  Y: 365 * 86_400_000,
  M: 30 * 86_400_000,
  W: 7 * 86_400_000,
  D: 86_400_000,
};
const TIME_UNITS: Readonly<Record<string, number>> = { H: 3_600_000, M: 60_000, S: 1000 };

export class DurationError extends Error {}

/**
 * An ISO 8601 duration (PT5M, P1DT2H, PT0.5S) in milliseconds. Spec errors: a string not starting with P is
 * "Duration string ... not recognized. Must start with 'P'."; an unknown unit letter is 'Unrecognized part'.
 */
export function parseIsoDuration(text: string): number {
  if (!text.startsWith('P')) {
    throw new DurationError(`Duration string ${text} not recognized. Must start with 'P'.`);
  }
  let total = 0;
  let inTime = false;
  let parts = 0;
  const pattern = /(\d+(?:\.\d+)?)([A-Z])|(T)/gy;
  pattern.lastIndex = 1;
  while (pattern.lastIndex < text.length) {
    const at = pattern.lastIndex;
    const match = pattern.exec(text);
    if (!match) throw new DurationError(`Unrecognized part ${text.slice(at)}`);
    if (match[3] === 'T') {
      if (inTime) throw new DurationError(`Unrecognized part T`);
      inTime = true;
      continue;
    }
    const unit = match[2] ?? '';
    const size = (inTime ? TIME_UNITS : DATE_UNITS)[unit];
    if (size === undefined) throw new DurationError(`Unrecognized part ${match[0]}`);
    total += Number(match[1]) * size;
    parts++;
  }
  if (parts === 0) throw new DurationError(`Duration string ${text} has no parts.`);
  return Math.round(total);
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
