const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Decimal units, as the spec counts its upload limit (300MB is 300000000 bytes); one format on every screen. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit] ?? 'B'}`;
}
