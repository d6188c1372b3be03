import {
  SCHEDULE_MAX_DAYS,
  SCHEDULE_NOTES_MAX,
  SCHEDULE_TITLE_MAX,
  timeZoneIdSchema,
  type Schedule,
  type ScheduleType,
} from '@kelvin/contract';
import { fromZonedLocal, toZonedLocal } from '@kelvin/domain';

/** What the entry dialog edits; times are wall-clock 'YYYY-MM-DD HH:mm:ss' in the draft's zone. */
export interface ScheduleDraft {
  type: ScheduleType;
  title: string;
  notes: string;
  startsAt: string | null;
  endsAt: string | null;
  timeZoneId: string;
  resourceIds: number[];
  companyId: number | null;
  ticketId: number | null;
  assetIds: number[];
  confirmed: boolean;
}

export type DraftErrors = Partial<Record<keyof ScheduleDraft, string>>;

/** What the dialog opens on: a range dragged on the calendar (maybe for one technician) or an entry. */
export type ScheduleTarget =
  | { kind: 'create'; startsAt: string; endsAt: string; resourceIds: number[]; companyId: number | null }
  | { kind: 'edit'; entry: Schedule };

export function initialDraft(target: ScheduleTarget, timeZone: string): ScheduleDraft {
  if (target.kind === 'edit') {
    const { entry } = target;
    return {
      type: entry.type,
      title: entry.title,
      notes: entry.notes ?? '',
      startsAt: toZonedLocal(Date.parse(entry.startsAt), entry.timeZoneId),
      endsAt: toZonedLocal(Date.parse(entry.endsAt), entry.timeZoneId),
      timeZoneId: entry.timeZoneId,
      resourceIds: entry.resources.map((person) => person.userId),
      companyId: entry.companyId,
      ticketId: entry.ticketId,
      assetIds: entry.assets.map((asset) => asset.assetId),
      confirmed: entry.confirmed,
    };
  }
  return {
    type: 'siteVisit',
    title: '',
    notes: '',
    startsAt: toZonedLocal(Date.parse(target.startsAt), timeZone),
    endsAt: toZonedLocal(Date.parse(target.endsAt), timeZone),
    timeZoneId: timeZone,
    resourceIds: target.resourceIds,
    companyId: target.companyId,
    ticketId: null,
    assetIds: [],
    confirmed: false,
  };
}

/** The draft's fields as the calls take them. */
export interface DraftFields {
  type: ScheduleType;
  title: string;
  notes: string | null;
  startsAt: string;
  endsAt: string;
  timeZoneId: string;
  resourceIds: number[];
  companyId: number;
  ticketId: number | null;
  assetIds: number[];
  confirmed: boolean;
}

const DAY_MS = 86_400_000;

/** The draft checked field by field with the contract's limits and messages; the fields when all is well. */
export function readDraft(draft: ScheduleDraft): { fields?: DraftFields; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const title = draft.title.trim();
  if (title === '') errors.title = 'Title is required';
  else if (title.length > SCHEDULE_TITLE_MAX)
    errors.title = `Title is at most ${SCHEDULE_TITLE_MAX} characters`;
  const notes = draft.notes.trim();
  if (notes.length > SCHEDULE_NOTES_MAX) errors.notes = `Notes are at most ${SCHEDULE_NOTES_MAX} characters`;
  const zone = timeZoneIdSchema.safeParse(draft.timeZoneId);
  if (!zone.success) errors.timeZoneId = zone.error.issues[0]?.message ?? 'Choose a time zone';
  const start = draft.startsAt && zone.success ? fromZonedLocal(draft.startsAt, zone.data) : undefined;
  const end = draft.endsAt && zone.success ? fromZonedLocal(draft.endsAt, zone.data) : undefined;
  if (start === undefined) errors.startsAt = 'Choose when it starts';
  if (end === undefined) errors.endsAt = 'Choose when it ends';
  else if (start !== undefined && end <= start) errors.endsAt = 'The end must be after the start';
  else if (start !== undefined && end - start > SCHEDULE_MAX_DAYS * DAY_MS)
    errors.endsAt = `An entry lasts at most ${SCHEDULE_MAX_DAYS} days`;
  if (draft.resourceIds.length === 0) errors.resourceIds = 'Choose at least one technician';
  if (draft.companyId === null) errors.companyId = 'Choose a company';
  if (
    Object.keys(errors).length > 0 ||
    start === undefined ||
    end === undefined ||
    draft.companyId === null ||
    !zone.success
  )
    return { errors };
  return {
    errors,
    fields: {
      type: draft.type,
      title,
      notes: notes === '' ? null : notes,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      timeZoneId: zone.data,
      resourceIds: draft.resourceIds,
      companyId: draft.companyId,
      ticketId: draft.ticketId,
      assetIds: draft.ticketId === null ? [] : draft.assetIds,
      confirmed: draft.confirmed,
    },
  };
}
