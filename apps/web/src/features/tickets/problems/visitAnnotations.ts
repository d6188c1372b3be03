import { useMemo } from 'react';
import type { TicketWorkPeriod } from '@kelvin/contract';
import { hasPermission } from '@kelvin/domain';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import type { ChartAnnotation } from '../../../shared/charts/chartAnnotations.ts';
import { useWorkPeriods } from './problemTicketQueries.ts';

/** The inProgress status colour family (cyan), so that a visit reads as the ticket's work on every chart. */
export const VISIT_COLOR = '#1098ad';
const MINUTE = 60_000;

/** A ticket's work periods as chart annotations, labelled by ticket number and title. */
export function workPeriodAnnotations(periods: readonly TicketWorkPeriod[]): ChartAnnotation[] {
  return periods.map((period) => ({
    key: `${period.ticketId}:${period.from}`,
    from: Date.parse(period.from),
    to: period.to === null ? null : Date.parse(period.to),
    label: `#${period.ticketId} ${period.title}`,
    color: VISIT_COLOR,
  }));
}

/**
 * Service visits on the charted assets over the range, for those who may read tickets (nobody else is asked).
 * The range is widened to whole minutes so that a chart refreshing every few seconds does not ask each time.
 */
export function useVisitAnnotations(
  assetIds: readonly number[],
  range: { from: number; to: number },
): ChartAnnotation[] {
  const permissions = useCurrentUser().data?.permissions;
  const canReadTickets =
    permissions !== undefined && hasPermission(permissions, { permission: 'tickets:read' });
  const from = Math.floor(range.from / MINUTE) * MINUTE;
  const to = Math.ceil(range.to / MINUTE) * MINUTE;
  const visits = useWorkPeriods(assetIds, from, to, canReadTickets);
  return useMemo(() => workPeriodAnnotations(visits.data ?? []), [visits.data]);
}
