import { roundCents } from './salesOrderLines.ts';

/**
 * Reconciliation (issue 24, item 4): what we sent against what NetSuite holds now. A line is compared by its item's
 * internal id, quantity and rate; the total to the cent.
 */

export interface ComparableLine {
  itemInternalId: string;
  quantity: number;
  rate: number;
}

export type ReconcileVerdict =
  { state: 'OK'; detail: null } | { state: 'CHANGED' | 'MISSING'; detail: string };

const lineKey = (line: ComparableLine) =>
  `${line.itemInternalId} × ${roundCents(line.quantity)} @ ${roundCents(line.rate).toFixed(2)}`;

function multiset(lines: readonly ComparableLine[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const each of lines) counts.set(lineKey(each), (counts.get(lineKey(each)) ?? 0) + 1);
  return counts;
}

function missingFrom(from: Map<string, number>, other: Map<string, number>): string[] {
  return [...from].filter(([key, n]) => (other.get(key) ?? 0) < n).map(([key]) => key);
}

/** OK, or CHANGED with what differs, or MISSING when NetSuite no longer has the order. */
export function reconcileSalesOrder(
  sent: { total: number; lines: readonly ComparableLine[] },
  found: { total: number; lines: readonly ComparableLine[] } | null,
): ReconcileVerdict {
  if (found === null) return { state: 'MISSING', detail: 'The sales order no longer exists in NetSuite.' };
  const differences: string[] = [];
  if (roundCents(sent.total) !== roundCents(found.total))
    differences.push(
      `total ${roundCents(sent.total).toFixed(2)} became ${roundCents(found.total).toFixed(2)}`,
    );
  const ours = multiset(sent.lines);
  const theirs = multiset(found.lines);
  const removed = missingFrom(ours, theirs);
  const added = missingFrom(theirs, ours);
  if (removed.length > 0) differences.push(`lines gone or changed: ${removed.join(', ')}`);
  if (added.length > 0) differences.push(`lines added or changed: ${added.join(', ')}`);
  if (differences.length === 0) return { state: 'OK', detail: null };
  return { state: 'CHANGED', detail: `The sales order changed in NetSuite: ${differences.join('; ')}.` };
}
