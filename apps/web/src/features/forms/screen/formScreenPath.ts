import type { FormStatus } from '@kelvin/domain';

/** The address of a ticket's form for one of its assets: a child of the ticket, so that it deep-links. */
export const formScreenPath = (ticketId: number, formId: number, assetId: number): string =>
  `/user/tickets/${ticketId}/forms/${formId}/${assetId}`;

/** A form's status reads the same colour wherever it shows (ticket details, form screen). */
export const FORM_STATUS_COLOURS: Readonly<Record<FormStatus, string>> = {
  Available: 'gray',
  'In progress': 'blue',
  Completed: 'teal',
};
