import {
  scheduleConfirmedFilters,
  scheduleTicketFilters,
  scheduleTypes,
  timeZoneIdSchema,
  type ScheduleType,
} from '@kelvin/contract';
import type { AddressStateCodec } from '../../shared/routing/useAddressState.ts';

export const schedulingViews = ['week', 'month', 'agenda', 'technicians'] as const;
export type SchedulingView = (typeof schedulingViews)[number];
export const viewStyles = ['US', 'EU'] as const;
/** United States: weeks start on Sunday, 12-hour clock; Europe: Monday, 24-hour clock. */
export type ViewStyle = (typeof viewStyles)[number];
export type ConfirmedFilter = (typeof scheduleConfirmedFilters)[number];
export type TicketFilter = (typeof scheduleTicketFilters)[number];

/**
 * What the scheduling screen shows (spec, Scheduling state): view mode, view style, start date, time zone and the
 * filters, kept in the address so that a view can be shared and a reload keeps it. Empty id lists mean all.
 */
export interface SchedulingState {
  view: SchedulingView;
  style: ViewStyle;
  /** YYYY-MM-DD in the chosen zone; null: today. */
  date: string | null;
  /** An IANA zone; null: the user's own. */
  timeZone: string | null;
  companyIds: number[];
  confirmed: ConfirmedFilter;
  resourceIds: number[];
  types: ScheduleType[];
  tickets: TicketFilter;
  /** The entry open in the dialog (spec: optional query scheduleId). */
  scheduleId: number | null;
}

export const defaultSchedulingState = (): SchedulingState => ({
  view: 'week',
  style: 'US',
  date: null,
  timeZone: null,
  companyIds: [],
  confirmed: 'ALL',
  resourceIds: [],
  types: [],
  tickets: 'ALL',
  scheduleId: null,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function pick<T extends string>(known: readonly T[], value: string | null): T | undefined {
  return known.find((candidate) => candidate === value);
}

function parseIds(raw: string | null): number[] {
  if (raw === null || raw === '') return [];
  const ids = raw
    .split(',')
    .map((id) => Number(id))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return raw !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

function parseDay(raw: string | null): string | null {
  if (raw === null || !DAY.test(raw)) return null;
  const parsed = new Date(`${raw}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== raw ? null : raw;
}

function parseZone(raw: string | null): string | null {
  if (raw === null || raw === '') return null;
  return timeZoneIdSchema.safeParse(raw).success ? raw : null;
}

/** Reads the state from the search params; anything unknown or malformed falls back to its default. */
export function parseSchedulingState(params: URLSearchParams): SchedulingState {
  const types = (params.get('type') ?? '').split(',');
  return {
    view: pick(schedulingViews, params.get('view')) ?? 'week',
    style: pick(viewStyles, params.get('style')) ?? 'US',
    date: parseDay(params.get('date')),
    timeZone: parseZone(params.get('tz')),
    companyIds: parseIds(params.get('company')),
    confirmed: pick(scheduleConfirmedFilters, params.get('confirmed')) ?? 'ALL',
    resourceIds: parseIds(params.get('resource')),
    types: scheduleTypes.filter((type) => types.includes(type)),
    tickets: pick(scheduleTicketFilters, params.get('tickets')) ?? 'ALL',
    scheduleId: parseId(params.get('scheduleId')),
  };
}

/** The state as search params; defaults are left out, so the plain screen's address stays /user/scheduling. */
export function writeSchedulingState(state: SchedulingState): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: string, value: string | null, fallback: string | null = null) => {
    if (value !== null && value !== fallback && value !== '') params.set(key, value);
  };
  set('view', state.view, 'week');
  set('style', state.style, 'US');
  set('date', state.date);
  set('tz', state.timeZone);
  set('company', state.companyIds.join(','));
  set('confirmed', state.confirmed, 'ALL');
  set('resource', state.resourceIds.join(','));
  set('type', state.types.join(','));
  set('tickets', state.tickets, 'ALL');
  set('scheduleId', state.scheduleId === null ? null : String(state.scheduleId));
  return params;
}

export const schedulingCodec: AddressStateCodec<SchedulingState> = {
  parse: parseSchedulingState,
  write: writeSchedulingState,
  apply: (state, change) => ({ ...state, ...change }),
};

/** How many filters differ from their defaults: the phone's Filters button counts them. */
export function activeSchedulingFilters(state: SchedulingState): number {
  return [
    state.companyIds.length > 0,
    state.confirmed !== 'ALL',
    state.resourceIds.length > 0,
    state.types.length > 0,
    state.tickets !== 'ALL',
  ].filter(Boolean).length;
}
