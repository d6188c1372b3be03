import {
  CONTRACT_MANAGED_STATUS_LABELS,
  CONTRACT_PAYMENT_STATUS_LABELS,
  contractManagedStatuses,
  contractPaymentStatuses,
  type CoverageState,
} from '@kelvin/contract';

export const COVERAGE_STATE_LABELS: Record<CoverageState, string> = {
  UPCOMING: 'Upcoming',
  ACTIVE: 'Active',
  EXPIRED: 'Expired',
};
export const COVERAGE_STATE_COLORS: Record<CoverageState, string> = {
  UPCOMING: 'blue',
  ACTIVE: 'teal',
  EXPIRED: 'gray',
};

export const managedStatusOptions = contractManagedStatuses.map((value) => ({
  value,
  label: CONTRACT_MANAGED_STATUS_LABELS[value],
}));
export const paymentStatusOptions = contractPaymentStatuses.map((value) => ({
  value,
  label: CONTRACT_PAYMENT_STATUS_LABELS[value],
}));

/** Spec: the sample flag displays Yes/No. */
export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A calendar date (yyyy-MM-dd) as the spec's MM/dd/yyyy; a day, so no zone applies. */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : date;
}

/**
 * The ids of a viewer's route parameter: a JSON list of positive integers ('[1,2]'). Anything else is null, and
 * the viewer says so instead of failing.
 */
export function parseIdList(raw: string | undefined): number[] | null {
  if (raw === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 100) return null;
  const ids: number[] = [];
  for (const item of parsed) {
    if (typeof item !== 'number' || !Number.isInteger(item) || item <= 0 || item > 2_147_483_647) return null;
    if (!ids.includes(item)) ids.push(item);
  }
  return ids;
}

/**
 * Inputs disabled to show a record read-only (the viewers' cards until Edit) keep full contrast: Mantine dims
 * disabled fields to 60 %, which made the values hard to read, in dark mode above all.
 */
export const READABLE_WHEN_DISABLED = {
  input: { opacity: 1, color: 'var(--mantine-color-text)' },
} as const;
