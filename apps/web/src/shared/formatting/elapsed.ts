/**
 * The console's one way of saying how long something took or how long ago it was. Spec: duration abbreviations
 * y, mo, d, h, m, s; the two largest parts are enough to say how long ago.
 */
const PARTS: readonly (readonly [string, number])[] = [
  ['y', 365 * 86_400_000],
  ['mo', 30 * 86_400_000],
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
];

/** A span of time as '2d 4h', '12m', '45s'; under a second is '0s'. */
export function formatElapsed(ms: number): string {
  let rest = Math.max(0, Math.floor(ms));
  const parts: string[] = [];
  for (const [unit, size] of PARTS) {
    if (parts.length === 2) break;
    const count = Math.floor(rest / size);
    // Once the largest part is found the next one is said even when zero would be dropped: '2h' not '2h 0m'.
    if (count > 0) {
      parts.push(`${count}${unit}`);
      rest -= count * size;
    } else if (parts.length === 1) {
      break;
    }
  }
  return parts.length > 0 ? parts.join(' ') : '0s';
}

/** How long before `now` a moment was: '12s ago', '2h 15m ago'; a moment ahead of `now` (clock skew) is '0s ago'. */
export function formatAgo(ts: number, now: number): string {
  return `${formatElapsed(now - ts)} ago`;
}
