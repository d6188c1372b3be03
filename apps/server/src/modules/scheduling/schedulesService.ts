import { eq } from 'drizzle-orm';
import type { BodyOf, Schedule, schedulesEndpoints } from '@kelvin/contract';
import { SCHEDULE_LIST_MAX } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requireCompanyAccess, requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { schedules } from '../../platform/db/schedulingSchema.ts';
import { auditFor } from '../events/recordEvent.ts';
import {
  moveTicketToScheduled,
  requireCompanyAssets,
  requireCompanyTicket,
  requireResources,
  requireValidRange,
  requireValidSpan,
  ticketAssetIds,
} from './scheduleChecks.ts';
import {
  requestedCompanies,
  SCHEDULE_NOT_FOUND,
  SCHEDULES_WRITE,
  scheduleVisibility,
} from './schedulingAccess.ts';
import { presentSchedule } from './schedulesPresenter.ts';
import {
  findSchedules,
  replaceScheduleAssets,
  replaceScheduleResources,
  scheduleAssetIds,
  scheduleResourceIds,
  type ScheduleRow,
} from './schedulesRepository.ts';

type Endpoints = typeof schedulesEndpoints;
export type Clock = () => Date;

export async function listSchedules(db: Db, auth: AuthContext, body: BodyOf<Endpoints['schedulesList']>) {
  const visibility = scheduleVisibility(auth);
  const from = new Date(body.from);
  const to = new Date(body.to);
  requireValidRange(from, to);
  const views = await findSchedules(db, {
    ...visibility,
    companies: requestedCompanies(visibility.companies, body.companyIds),
    from,
    to,
    resourceIds: body.resourceIds,
    types: body.types,
    confirmed: body.confirmed,
    ticketAssociation: body.ticketAssociation,
    limit: SCHEDULE_LIST_MAX + 1,
  });
  return {
    content: views.slice(0, SCHEDULE_LIST_MAX).map((view) => presentSchedule(view, visibility.externalOnly)),
    truncated: views.length > SCHEDULE_LIST_MAX,
  };
}

/** One entry the caller reads: missing, another company's and one outside their groups are the same 404. */
export async function getSchedule(db: DbOrTx, auth: AuthContext, scheduleId: number): Promise<Schedule> {
  const visibility = scheduleVisibility(auth);
  const [view] = await findSchedules(db, { ...visibility, ids: [scheduleId] });
  if (!view) throw notFound(SCHEDULE_NOT_FOUND);
  return presentSchedule(view, visibility.externalOnly);
}

const event = auditFor('schedule', (row: { scheduleId: number; companyId: number }) => row.scheduleId);

/** The ticket and assets of an entry checked against its company; the ticket's assets when none are named. */
async function linkedWork(
  tx: DbOrTx,
  auth: AuthContext,
  companyId: number,
  input: { ticketId: number | null; assetIds: readonly number[] | undefined },
  now: Date,
): Promise<number[]> {
  if (input.ticketId === null) {
    const assetIds = [...new Set(input.assetIds ?? [])];
    await requireCompanyAssets(tx, companyId, assetIds);
    return assetIds;
  }
  const ticket = await requireCompanyTicket(tx, companyId, input.ticketId);
  const assetIds = [...new Set(input.assetIds ?? (await ticketAssetIds(tx, ticket.ticketId)))];
  await requireCompanyAssets(tx, companyId, assetIds);
  await moveTicketToScheduled(tx, auth.user.userId, ticket, now);
  return assetIds;
}

export function createSchedule(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['schedulesCreate']>,
): Promise<Schedule> {
  requireCompanyAccess(auth, SCHEDULES_WRITE, body.companyId, 'Company not found.');
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  requireValidSpan(startsAt, endsAt);
  const now = clock();
  return db.transaction(async (tx) => {
    await requireResources(tx, body.resourceIds);
    const ticketId = body.ticketId ?? null;
    const assetIds = await linkedWork(tx, auth, body.companyId, { ticketId, assetIds: body.assetIds }, now);
    const fields = {
      type: body.type,
      title: body.title,
      notes: body.notes ?? null,
      startsAt,
      endsAt,
      timeZoneId: body.timeZoneId,
      ticketId,
      confirmed: body.confirmed ?? false,
    };
    const [row] = await tx
      .insert(schedules)
      .values({
        companyId: body.companyId,
        ...fields,
        createdBy: auth.user.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('schedule not inserted');
    const resourceIds = [...new Set(body.resourceIds)];
    await replaceScheduleResources(tx, row.scheduleId, resourceIds);
    await replaceScheduleAssets(tx, row.scheduleId, assetIds);
    await event(tx, auth, 'schedules.create', row, {
      ...fields,
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      resourceIds,
      assetIds,
    });
    return getSchedule(tx, auth, row.scheduleId);
  });
}

/** The entry, locked, after checking the caller writes its company (a missing one and another's are 404). */
async function writableSchedule(tx: DbOrTx, auth: AuthContext, scheduleId: number): Promise<ScheduleRow> {
  requirePermission(auth, SCHEDULES_WRITE);
  const [row] = await tx.select().from(schedules).where(eq(schedules.scheduleId, scheduleId)).for('update');
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  requireCompanyAccess(auth, SCHEDULES_WRITE, row.companyId, SCHEDULE_NOT_FOUND);
  return row;
}

type Change = { from: unknown; to: unknown };
const SCHEDULE_FIELDS = ['type', 'title', 'notes', 'startsAt', 'endsAt', 'timeZoneId', 'ticketId'] as const;
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

export function updateSchedule(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['schedulesUpdate']>,
): Promise<Schedule> {
  const now = clock();
  return db.transaction(async (tx) => {
    const before = await writableSchedule(tx, auth, body.scheduleId);
    const startsAt = body.startsAt === undefined ? before.startsAt : new Date(body.startsAt);
    const endsAt = body.endsAt === undefined ? before.endsAt : new Date(body.endsAt);
    requireValidSpan(startsAt, endsAt);
    const next = {
      type: body.type ?? before.type,
      title: body.title ?? before.title,
      notes: body.notes === undefined ? before.notes : body.notes,
      startsAt,
      endsAt,
      timeZoneId: body.timeZoneId ?? before.timeZoneId,
      ticketId: body.ticketId === undefined ? before.ticketId : body.ticketId,
    };
    const changes: Record<string, Change> = {};
    for (const key of SCHEDULE_FIELDS) {
      if (iso(before[key]) !== iso(next[key])) changes[key] = { from: iso(before[key]), to: iso(next[key]) };
    }
    if (body.resourceIds !== undefined) {
      await requireResources(tx, body.resourceIds);
      const from = await scheduleResourceIds(tx, before.scheduleId);
      const to = [...new Set(body.resourceIds)].sort((a, b) => a - b);
      if (from.join() !== to.join()) changes.resourceIds = { from, to };
      await replaceScheduleResources(tx, before.scheduleId, to);
    }
    // The ticket and assets are checked again only when either is named: a move or a resize leaves them be.
    if (body.ticketId !== undefined || body.assetIds !== undefined) {
      const ticketChanged = next.ticketId !== before.ticketId;
      const assetIds = await linkedWork(
        tx,
        auth,
        before.companyId,
        {
          ticketId: next.ticketId,
          // A new ticket brings its assets unless others are named; otherwise the entry keeps its own.
          assetIds:
            body.assetIds ??
            (ticketChanged && next.ticketId !== null
              ? undefined
              : await scheduleAssetIds(tx, before.scheduleId)),
        },
        now,
      );
      const from = await scheduleAssetIds(tx, before.scheduleId);
      const to = [...assetIds].sort((a, b) => a - b);
      if (from.join() !== to.join()) changes.assetIds = { from, to };
      await replaceScheduleAssets(tx, before.scheduleId, to);
    }
    await tx
      .update(schedules)
      .set({ ...next, updatedAt: now })
      .where(eq(schedules.scheduleId, before.scheduleId));
    await event(tx, auth, 'schedules.update', before, { changes });
    return getSchedule(tx, auth, before.scheduleId);
  });
}

export function confirmSchedule(
  db: Db,
  clock: Clock,
  auth: AuthContext,
  body: BodyOf<Endpoints['schedulesConfirm']>,
): Promise<Schedule> {
  const now = clock();
  return db.transaction(async (tx) => {
    const before = await writableSchedule(tx, auth, body.scheduleId);
    if (before.confirmed !== body.confirmed) {
      await tx
        .update(schedules)
        .set({ confirmed: body.confirmed, updatedAt: now })
        .where(eq(schedules.scheduleId, before.scheduleId));
      await event(tx, auth, 'schedules.confirm', before, {
        changes: { confirmed: { from: before.confirmed, to: body.confirmed } },
      });
    }
    return getSchedule(tx, auth, before.scheduleId);
  });
}

export function deleteSchedule(
  db: Db,
  auth: AuthContext,
  body: BodyOf<Endpoints['schedulesDelete']>,
): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const before = await writableSchedule(tx, auth, body.scheduleId);
    const resourceIds = await scheduleResourceIds(tx, before.scheduleId);
    await tx.delete(schedules).where(eq(schedules.scheduleId, before.scheduleId));
    await event(tx, auth, 'schedules.delete', before, {
      type: before.type,
      title: before.title,
      startsAt: before.startsAt.toISOString(),
      endsAt: before.endsAt.toISOString(),
      ticketId: before.ticketId,
      resourceIds,
    });
    return { ok: true as const };
  });
}
