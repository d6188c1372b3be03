import { useState } from 'react';
import {
  TICKET_TEXT_FIELD_MAX,
  TICKET_TITLE_MAX,
  type Ticket,
  type TicketVisibility,
} from '@kelvin/contract';
import { DurationError, formatDurationHours } from '@kelvin/domain';
import type { TicketChanges } from './ticketQueries.ts';

/** The editable fields of a ticket as the form holds them: texts never null ('' is none). */
export interface TicketDraft {
  title: string;
  description: string;
  typeEnumValue: number;
  priorityEnumValue: number;
  severityEnumValue: number;
  sourceEnumValue: number;
  estimatedDuration: string;
  externalTicket: string;
  isBillable: boolean;
  purchaseOrderNumber: string;
  salesOrderNumber: string;
  visibility: TicketVisibility;
}

export function draftOf(ticket: Ticket): TicketDraft {
  return {
    title: ticket.title,
    description: ticket.description,
    typeEnumValue: ticket.typeEnumValue,
    priorityEnumValue: ticket.priorityEnumValue,
    severityEnumValue: ticket.severityEnumValue,
    sourceEnumValue: ticket.sourceEnumValue,
    estimatedDuration: ticket.estimatedDuration ?? '',
    externalTicket: ticket.externalTicket ?? '',
    isBillable: ticket.isBillable,
    purchaseOrderNumber: ticket.purchaseOrderNumber ?? '',
    salesOrderNumber: ticket.salesOrderNumber ?? '',
    visibility: ticket.visibility,
  };
}

/** An optional text as the server takes it: trimmed, and null when empty. */
const optional = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Only the fields the user changed, in the update call's shape: a save never rewrites what someone else changed
 * meanwhile, and the history records what was meant.
 */
export function changesOf(base: TicketDraft, edits: Partial<TicketDraft>): TicketChanges {
  const changes: TicketChanges = {};
  const e = edits;
  if (e.title !== undefined && e.title.trim() !== base.title) changes.title = e.title.trim();
  if (e.description !== undefined && e.description !== base.description) changes.description = e.description;
  if (e.typeEnumValue !== undefined && e.typeEnumValue !== base.typeEnumValue)
    changes.typeEnumValue = e.typeEnumValue;
  if (e.priorityEnumValue !== undefined && e.priorityEnumValue !== base.priorityEnumValue)
    changes.priorityEnumValue = e.priorityEnumValue;
  if (e.severityEnumValue !== undefined && e.severityEnumValue !== base.severityEnumValue)
    changes.severityEnumValue = e.severityEnumValue;
  if (e.sourceEnumValue !== undefined && e.sourceEnumValue !== base.sourceEnumValue)
    changes.sourceEnumValue = e.sourceEnumValue;
  if (e.estimatedDuration !== undefined && e.estimatedDuration.trim() !== base.estimatedDuration)
    changes.estimatedDuration = optional(e.estimatedDuration);
  if (e.externalTicket !== undefined && e.externalTicket.trim() !== base.externalTicket)
    changes.externalTicket = optional(e.externalTicket);
  if (e.isBillable !== undefined && e.isBillable !== base.isBillable) changes.isBillable = e.isBillable;
  if (e.purchaseOrderNumber !== undefined && e.purchaseOrderNumber.trim() !== base.purchaseOrderNumber)
    changes.purchaseOrderNumber = optional(e.purchaseOrderNumber);
  if (e.salesOrderNumber !== undefined && e.salesOrderNumber.trim() !== base.salesOrderNumber)
    changes.salesOrderNumber = optional(e.salesOrderNumber);
  if (e.visibility !== undefined && e.visibility !== base.visibility) changes.visibility = e.visibility;
  return changes;
}

/**
 * An estimated duration as typed: its hours ('4.5 h'), or the duration module's message for what is wrong
 * ("Duration string 4h not recognized. Must start with 'P'.", "Hours can't be calculated with months.").
 */
export function checkDuration(value: string): { hours: string | null; error: string | null } {
  const text = value.trim();
  if (text === '') return { hours: null, error: null };
  try {
    return { hours: formatDurationHours(text), error: null };
  } catch (error) {
    if (error instanceof DurationError) return { hours: null, error: error.message };
    throw error;
  }
}

export type DraftErrors = Partial<Record<keyof TicketDraft, string>>;

const tooLong = (value: string, max: number) =>
  value.trim().length > max ? `At most ${max} characters` : undefined;

/** What the form refuses before asking the server (the contract's limits, the durations module's messages). */
export function draftErrors(draft: TicketDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.title.trim() === '') errors.title = 'Title is required';
  else if (draft.title.trim().length > TICKET_TITLE_MAX)
    errors.title = `At most ${TICKET_TITLE_MAX} characters`;
  const duration = checkDuration(draft.estimatedDuration).error;
  if (duration !== null) errors.estimatedDuration = duration;
  const external = tooLong(draft.externalTicket, TICKET_TEXT_FIELD_MAX);
  if (external) errors.externalTicket = external;
  const purchase = tooLong(draft.purchaseOrderNumber, TICKET_TEXT_FIELD_MAX);
  if (purchase) errors.purchaseOrderNumber = purchase;
  const sales = tooLong(draft.salesOrderNumber, TICKET_TEXT_FIELD_MAX);
  if (sales) errors.salesOrderNumber = sales;
  return errors;
}

/** The user's edits over the ticket as it is now: what the inputs show, what a save sends, and what is wrong. */
export function useTicketDraft(ticket: Ticket) {
  const [edits, setEdits] = useState<Partial<TicketDraft>>({});
  const base = draftOf(ticket);
  const draft: TicketDraft = { ...base, ...edits };
  const changes = changesOf(base, edits);
  return {
    draft,
    changes,
    errors: draftErrors(draft),
    dirty: Object.keys(changes).length > 0,
    set: <F extends keyof TicketDraft>(field: F, value: TicketDraft[F]) =>
      setEdits((current) => ({ ...current, [field]: value })),
    reset: () => setEdits({}),
  };
}
