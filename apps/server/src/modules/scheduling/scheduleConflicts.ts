import type { BodyOf, ScheduleConflict, schedulesEndpoints } from '@kelvin/contract';
import { scheduleTypeSchema } from '@kelvin/contract';
import { conflictKindOf, spansOverlap } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { requireValidSpan } from './scheduleChecks.ts';
import { scheduleVisibility } from './schedulingAccess.ts';
import { findSchedules } from './schedulesRepository.ts';

const typeOf = scheduleTypeSchema.catch('other');

type Body = BodyOf<(typeof schedulesEndpoints)['schedulesConflicts']>;

/**
 * Before a save: for each technician asked about, their other entries overlapping [startsAt, endsAt) that the
 * caller reads, time off named apart from double bookings; the entry being changed left out. The overlap itself is
 * the domain rule the browser uses too, so that what the calendar shows and what the server answers agree.
 */
export async function scheduleConflicts(db: DbOrTx, auth: AuthContext, body: Body) {
  const visibility = scheduleVisibility(auth);
  const span = { startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) };
  requireValidSpan(span.startsAt, span.endsAt);
  const wanted = new Set(body.resourceIds);
  const views = await findSchedules(db, {
    ...visibility,
    from: span.startsAt,
    to: span.endsAt,
    resourceIds: [...wanted],
    limit: 1000,
  });
  const content: ScheduleConflict[] = [];
  for (const view of views) {
    const { row } = view;
    if (row.scheduleId === body.scheduleId || !spansOverlap(span, row)) continue;
    for (const person of view.resources) {
      if (!wanted.has(person.userId)) continue;
      content.push({
        userId: person.userId,
        userName: person.name,
        kind: conflictKindOf(row.type),
        scheduleId: row.scheduleId,
        type: typeOf.parse(row.type),
        title: row.title,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
      });
    }
  }
  return { content };
}
