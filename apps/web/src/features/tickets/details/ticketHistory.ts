import { billingStates } from '@kelvin/contract';
import { coreEnumValueLabel, durationText, type CoreEnumName } from '@kelvin/domain';
import { checkDuration } from './ticketDraft.ts';
import { BILLING_STATE_LABELS } from './ticketLabels.ts';

/** One entry of tickets.history: an audit event of the ticket (its name is the call that wrote it). */
export interface HistoryEntry {
  name: string;
  data: Record<string, unknown>;
}

/** The ticket's fields as a sentence names them, and the enum each enumerated field takes its labels from. */
const FIELDS: Readonly<Record<string, { label: string; enumName?: CoreEnumName }>> = {
  title: { label: 'title' },
  description: { label: 'description' },
  estimatedDuration: { label: 'estimated duration' },
  severityEnumValue: { label: 'severity', enumName: 'ticketSeverity' },
  priorityEnumValue: { label: 'priority', enumName: 'ticketPriority' },
  typeEnumValue: { label: 'type', enumName: 'ticketType' },
  sourceEnumValue: { label: 'source', enumName: 'ticketSource' },
  statusEnumValue: { label: 'status', enumName: 'ticketStatus' },
  externalTicket: { label: 'external ticket' },
  isBillable: { label: 'billable' },
  purchaseOrderNumber: { label: 'purchase order number' },
  salesOrderNumber: { label: 'sales order number' },
  netSuiteBillingState: { label: 'billing state' },
  visibility: { label: 'visibility' },
  isFrozen: { label: 'frozen' },
};

/** Long texts (a description) are named, not quoted. */
const QUOTED_UP_TO = 60;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

function fieldValue(field: string, value: unknown): string {
  const enumName = FIELDS[field]?.enumName;
  if (value === null || value === undefined || value === '') return 'none';
  if (enumName !== undefined && typeof value === 'number') return coreEnumValueLabel(enumName, value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    if (field === 'visibility') return value.toLowerCase();
    // An estimate reads in hours as on the ticket ('2 h'), one with months in the spec abbreviations, never ISO.
    if (field === 'estimatedDuration') return checkDuration(value).hours ?? durationText(value);
    const billing = billingStates.find((state) => state === value);
    if (field === 'netSuiteBillingState' && billing !== undefined)
      return BILLING_STATE_LABELS[billing].toLowerCase();
    return value.length > QUOTED_UP_TO ? `“${value.slice(0, QUOTED_UP_TO)}…”` : `“${value}”`;
  }
  return typeof value === 'number' ? String(value) : JSON.stringify(value);
}

const fieldLabel = (field: string) => FIELDS[field]?.label ?? field;

/** 'priority from Medium to High'; the description only by name, its text is too long for a line. */
function change(field: string, from: unknown, to: unknown, hasFrom: boolean): string {
  if (field === 'description') return 'the description';
  const label = fieldLabel(field);
  return hasFrom
    ? `${label} from ${fieldValue(field, from)} to ${fieldValue(field, to)}`
    : `${label} to ${fieldValue(field, to)}`;
}

/**
 * The changes an update recorded, whichever way it wrote them: `changes: {field: {from, to}}`, `before` and
 * `after` objects, or the new values of the changed fields themselves.
 */
function describeUpdate(data: Record<string, unknown>): string {
  const parts: string[] = [];
  const changes = data.changes;
  if (isRecord(changes)) {
    for (const [field, value] of Object.entries(changes)) {
      if (isRecord(value) && ('from' in value || 'to' in value)) {
        parts.push(change(field, value.from, value.to, 'from' in value));
      } else parts.push(change(field, undefined, value, false));
    }
  } else if (isRecord(data.after)) {
    const before = isRecord(data.before) ? data.before : {};
    for (const [field, value] of Object.entries(data.after)) {
      parts.push(change(field, before[field], value, field in before));
    }
  } else {
    for (const [field, value] of Object.entries(data)) {
      if (field in FIELDS) parts.push(change(field, undefined, value, false));
    }
  }
  return parts.length === 0 ? 'Changed the ticket' : `Changed ${parts.join('; ')}`;
}

function relationOf(data: Record<string, unknown>): string {
  const value = num(data.relationTypeEnumValue);
  return value === undefined ? 'a person' : coreEnumValueLabel('ticketUserRelationType', value).toLowerCase();
}

function personOf(data: Record<string, unknown>): string {
  return text(data.userName) ?? text(data.name) ?? `user #${num(data.userId) ?? '?'}`;
}

function assetsOf(data: Record<string, unknown>): string {
  const names = Array.isArray(data.assetNames)
    ? data.assetNames.filter((name) => typeof name === 'string')
    : [];
  if (names.length > 0) return names.join(', ');
  const ids = Array.isArray(data.assetIds) ? data.assetIds.filter((id) => typeof id === 'number') : [];
  if (ids.length === 0) return text(data.displayName) ?? 'an asset';
  return ids.length === 1 ? `asset #${ids[0]}` : `assets ${ids.map((id) => `#${id}`).join(', ')}`;
}

/** ' (internal)' for what external users do not see. */
function visibilityNote(data: Record<string, unknown>): string {
  return data.visibility === 'INTERNAL' ? ' (internal)' : '';
}

function consumableOf(data: Record<string, unknown>): string {
  const type = text(data.type);
  const name = text(data.displayName) ?? text(data.name);
  const what = type === 'SERVICE' ? 'a service' : type === 'PART' ? 'a part' : 'a consumable';
  return name === undefined ? what : `${what}, ${name}`;
}

function timeOf(data: Record<string, unknown>): string {
  const hours = num(data.hours) ?? 0;
  const minutes = num(data.minutes) ?? num(data.durationMinutes);
  if (minutes === undefined && hours === 0) return 'time';
  const total = hours * 60 + (minutes ?? 0);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : ''].filter(Boolean).join(' ') || '0m';
}

function problemsOf(data: Record<string, unknown>): string {
  const count = Array.isArray(data.detectedProblemIds) ? data.detectedProblemIds.length : 0;
  return count === 1 ? 'a detected problem' : `${count} detected problems`;
}

/** 'tickets.something.done' → 'Something done', for events this screen does not know yet. */
function fallback(entry: HistoryEntry): string {
  const words = entry.name
    .replace(/^tickets\./, '')
    .split('.')
    .join(' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A history entry as one readable line: what changed, with the old and new values where the trail has them. */
export function summarizeHistoryEntry(entry: HistoryEntry): string {
  const { data } = entry;
  switch (entry.name) {
    case 'tickets.create': {
      const title = text(data.title);
      return title === undefined ? 'Created the ticket' : `Created the ticket “${title}”`;
    }
    case 'tickets.update':
      return describeUpdate(data);
    case 'tickets.changeStatus': {
      const to = data.to ?? data.statusEnumValue;
      const from = data.from ?? data.previousStatusEnumValue;
      return `Changed ${change('statusEnumValue', from, to, from !== undefined)}`;
    }
    case 'tickets.setFrozen':
      return data.isFrozen === false ? 'Unfroze the ticket' : 'Froze the ticket';
    case 'tickets.users.add':
      return `Assigned ${personOf(data)} as ${relationOf(data)}`;
    case 'tickets.users.remove':
      return `Removed ${personOf(data)} as ${relationOf(data)}`;
    case 'tickets.assets.add':
      return `Added ${assetsOf(data)}`;
    case 'tickets.assets.remove':
      return `Removed ${assetsOf(data)}`;
    case 'tickets.comments.create':
      return `Commented${visibilityNote(data)}`;
    case 'tickets.comments.update':
      return `Edited a comment${visibilityNote(data)}`;
    case 'tickets.comments.delete':
      return `Deleted a comment${visibilityNote(data)}`;
    case 'tickets.attachments.create':
      return `Attached ${text(data.filename) ?? 'a file'}${visibilityNote(data)}`;
    case 'tickets.attachments.delete':
      return `Deleted the attachment ${text(data.filename) ?? ''}`.trimEnd() + visibilityNote(data);
    case 'tickets.consumables.create':
      return `Added ${consumableOf(data)}`;
    case 'tickets.consumables.update':
      return `Changed ${consumableOf(data)}`;
    case 'tickets.consumables.delete':
      return `Removed ${consumableOf(data)}`;
    case 'tickets.timeEntries.create':
      return `Logged ${timeOf(data)}`;
    case 'tickets.timeEntries.update':
      return `Changed a time entry to ${timeOf(data)}`;
    case 'tickets.timeEntries.delete':
      return 'Deleted a time entry';
    case 'tickets.detectedProblems.add':
      return `Added ${problemsOf(data)}`;
    case 'tickets.detectedProblems.remove':
      return `Removed ${problemsOf(data)}`;
    default:
      return fallback(entry);
  }
}
