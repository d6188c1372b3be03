/**
 * The spec's core enumerations (work management, section 3, Enumerations): id, name and the key → value of each.
 * The server seeds the same table (migration 0008); GET coreEnums serves it with the labels below.
 * timeEntryType (6) and navigationItems (11) have keys the spec does not show.
 */
export const CORE_ENUMS = {
  ticketSeverity: { id: 1, values: { normal: 0, warning: 1, critical: 2 } },
  ticketPriority: { id: 2, values: { low: 0, medium: 1, high: 2 } },
  ticketType: {
    id: 3,
    values: {
      universal: -1,
      incident: 0,
      scheduledPM: 1,
      administrative: 6,
      startupCommissioning: 8,
      constructionAssembly: 9,
      request: 10,
      partsOrdering: 11,
    },
  },
  ticketStatus: {
    id: 4,
    values: {
      universal: -1,
      new: 0,
      inProgress: 2,
      onHold: 3,
      needsDispatch: 4,
      scheduled: 5,
      resolved: 7,
      closed: 11,
    },
  },
  ticketUserRelationType: { id: 5, values: { requester: 0, owner: 1, worker: 2 } },
  timeEntryType: { id: 6, values: {} },
  laborCodes: { id: 9, values: { other: 0, travel: 3 } },
  schedule: {
    id: 10,
    values: { other: 0, siteVisit: 1, travel: 2, timeOff: 3, reminder: 4, remoteAssist: 5 },
  },
  navigationItems: { id: 11, values: {} },
  ticketSource: { id: 12, values: { kyotoLinkEvent: 0, internal: 1, emailIn: 2, callIn: 3, portal: 4 } },
} as const;

type CoreEnums = typeof CORE_ENUMS;
export type CoreEnumName = keyof CoreEnums;
export type CoreEnumKey<N extends CoreEnumName> = keyof CoreEnums[N]['values'] & string;

export type TicketSeverityKey = CoreEnumKey<'ticketSeverity'>;
export type TicketPriorityKey = CoreEnumKey<'ticketPriority'>;
export type TicketTypeKey = CoreEnumKey<'ticketType'>;
export type TicketStatusKey = CoreEnumKey<'ticketStatus'>;
export type TicketUserRelationTypeKey = CoreEnumKey<'ticketUserRelationType'>;
export type LaborCodeKey = CoreEnumKey<'laborCodes'>;
export type ScheduleKey = CoreEnumKey<'schedule'>;
export type TicketSourceKey = CoreEnumKey<'ticketSource'>;

/** One value of an enum as the console lists it. */
export interface CoreEnumEntry {
  key: string;
  value: number;
  label: string;
}

export const CORE_ENUM_NAMES: readonly CoreEnumName[] = [
  'ticketSeverity',
  'ticketPriority',
  'ticketType',
  'ticketStatus',
  'ticketUserRelationType',
  'timeEntryType',
  'laborCodes',
  'schedule',
  'navigationItems',
  'ticketSource',
];

export function isCoreEnumName(name: string): name is CoreEnumName {
  return CORE_ENUM_NAMES.some((known) => known === name);
}

/** Keys whose words would read wrongly spelt out from camelCase, or that say something else to a user. */
const LABELS: Readonly<Record<string, string>> = {
  universal: 'All',
  scheduledPM: 'Scheduled PM',
  startupCommissioning: 'Startup / commissioning',
  constructionAssembly: 'Construction / assembly',
  kyotoLinkEvent: 'Problem',
  emailIn: 'Email',
  callIn: 'Phone call',
  timeOff: 'Time off',
};

/** Per-enum exceptions to LABELS (none yet; the keys above mean the same in every enum). */
const ENUM_LABELS: Partial<Record<CoreEnumName, Readonly<Record<string, string>>>> = {};

/**
 * A key as a user reads it: 'inProgress' → 'In progress', 'needsDispatch' → 'Needs dispatch', 'scheduledPM' →
 * 'Scheduled PM', 'kyotoLinkEvent' → 'Problem'. Unknown keys (from enums the spec does not show) are spelt out.
 */
export function coreEnumLabel(key: string, enumName?: CoreEnumName): string {
  const special = (enumName === undefined ? undefined : ENUM_LABELS[enumName]?.[key]) ?? LABELS[key];
  if (special !== undefined) return special;
  const words = key.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The values of an enum with their labels, in value order. */
export function coreEnumEntries(enumName: CoreEnumName): CoreEnumEntry[] {
  const values: Readonly<Record<string, number>> = CORE_ENUMS[enumName].values;
  return Object.entries(values)
    .map(([key, value]) => ({ key, value, label: coreEnumLabel(key, enumName) }))
    .sort((a, b) => a.value - b.value);
}

/** The value of a key in an enum, or undefined when the enum has no such key. */
export function coreEnumValue(enumName: CoreEnumName, key: string): number | undefined {
  const values: Readonly<Record<string, number>> = CORE_ENUMS[enumName].values;
  return Object.hasOwn(values, key) ? values[key] : undefined;
}

/** The key of a value in an enum, or undefined when the enum has no such value. */
export function coreEnumKey(enumName: CoreEnumName, value: number): string | undefined {
  const values: Readonly<Record<string, number>> = CORE_ENUMS[enumName].values;
  return Object.entries(values).find(([, v]) => v === value)?.[0];
}

/** The label of a value in an enum; an unknown value reads as itself so that a screen never goes blank. */
export function coreEnumValueLabel(enumName: CoreEnumName, value: number): string {
  const key = coreEnumKey(enumName, value);
  return key === undefined ? String(value) : coreEnumLabel(key, enumName);
}

export function isLaborCodeKey(key: string): key is LaborCodeKey {
  return coreEnumValue('laborCodes', key) !== undefined;
}

export function isTicketStatusKey(key: string): key is TicketStatusKey {
  return coreEnumValue('ticketStatus', key) !== undefined;
}

/** A status a ticket can be in: every status but the 'universal' wildcard. */
export type TicketStatus = Exclude<TicketStatusKey, 'universal'>;

export const TICKET_STATUSES: readonly TicketStatus[] = [
  'new',
  'inProgress',
  'onHold',
  'needsDispatch',
  'scheduled',
  'resolved',
  'closed',
];

/** Spec (section 4): the active statuses. */
export const ACTIVE_TICKET_STATUSES: readonly TicketStatus[] = [
  'new',
  'inProgress',
  'onHold',
  'needsDispatch',
  'scheduled',
];

/**
 * Status colours (the spec has them for every status but does not show the values): Mantine colour names, each
 * distinct, calm, and readable on light and dark. Open work is blue to violet, waiting is yellow to orange,
 * done is teal and grey.
 */
export const TICKET_STATUS_COLORS: Readonly<Record<TicketStatus, string>> = {
  new: 'blue',
  inProgress: 'cyan',
  onHold: 'yellow',
  needsDispatch: 'orange',
  scheduled: 'violet',
  resolved: 'teal',
  closed: 'gray',
};

/** The colour of a status key; unknown keys (and 'universal') are grey. */
export function ticketStatusColor(key: string): string {
  const status = TICKET_STATUSES.find((known) => known === key);
  return status === undefined ? 'gray' : TICKET_STATUS_COLORS[status];
}
