import { z } from 'zod';
import type { ProblemLevel, TicketNotificationKind, WebhookPayload } from '@kelvin/contract';
import { coreEnumKey, coreEnumLabel, coreEnumValueLabel } from '@kelvin/domain';

/** The audit events of tickets that people are told of, and the kind of notice each makes. */
export const TICKET_NOTICE_EVENTS: Readonly<Record<string, TicketNotificationKind>> = {
  'tickets.create': 'TICKET_ASSIGNED',
  'tickets.users.add': 'TICKET_ASSIGNED',
  'tickets.changeStatus': 'TICKET_STATUS_CHANGED',
  'tickets.comments.create': 'TICKET_COMMENTED',
};

/** A ticket, as much as a notice needs of it. */
export interface NoticeTicket {
  ticketId: number;
  companyId: number;
  title: string;
  severityValue: number;
  statusValue: number;
  visibility: string;
  /** Everyone related to it (requester, owner, worker), once each. */
  userIds: number[];
}

/** A comment as it is now: its text and visibility may have changed since the event. */
export interface NoticeComment {
  text: string;
  visibility: string;
}

/** One recorded change of a ticket that its people may hear of. */
export interface TicketNotice {
  eventId: number;
  kind: TicketNotificationKind;
  ticket: NoticeTicket;
  actor: { userId: number | null; name: string | null };
  occurredAt: Date;
  /** Who is told, before their access and preferences are checked. */
  candidateUserIds: number[];
  /** An INTERNAL comment: external people are not told of it. */
  internalOnly: boolean;
  change: Record<string, unknown>;
  /** The comment's text, for a comment's notice. */
  commentText: string | null;
}

const createdData = z.object({ users: z.array(z.object({ userId: z.number() })).default([]) });
const userAddedData = z.object({ userId: z.number(), relationTypeEnumValue: z.number() });
const statusData = z.object({ from: z.number(), to: z.number() });
const commentData = z.object({ commentId: z.number(), visibility: z.string() });

export interface StoredTicketEvent {
  eventId: number;
  name: string;
  actorUserId: number | null;
  actorName: string | null;
  createdAt: Date;
  data: unknown;
}

/**
 * What an audit event of a ticket tells whom: the person assigned (at creation or later), everyone on the ticket
 * of a status change or a comment. The one who made the change is never told of it. Null: nobody to tell.
 */
export function noticeOf(
  event: StoredTicketEvent,
  ticket: NoticeTicket,
  commentOf: (commentId: number) => NoticeComment | null,
): TicketNotice | null {
  const kind = TICKET_NOTICE_EVENTS[event.name];
  if (!kind) return null;
  const told = whoAndWhat(event, ticket, commentOf);
  if (!told) return null;
  const candidateUserIds = [...new Set(told.candidates)].filter((userId) => userId !== event.actorUserId);
  if (candidateUserIds.length === 0) return null;
  return {
    eventId: event.eventId,
    kind,
    ticket,
    actor: { userId: event.actorUserId, name: event.actorName },
    occurredAt: event.createdAt,
    candidateUserIds,
    internalOnly: told.internalOnly,
    change: told.change,
    commentText: told.commentText,
  };
}

/**
 * Who an event concerns and what changed. Null for an event whose data cannot be read (it is skipped, not allowed
 * to stop every later notice) or for a comment deleted since.
 */
function whoAndWhat(
  event: StoredTicketEvent,
  ticket: NoticeTicket,
  commentOf: (commentId: number) => NoticeComment | null,
): {
  candidates: number[];
  change: Record<string, unknown>;
  internalOnly: boolean;
  commentText: string | null;
} | null {
  if (event.name === 'tickets.create') {
    const data = createdData.safeParse(event.data);
    if (!data.success) return null;
    return {
      candidates: data.data.users.map((user) => user.userId),
      change: {},
      internalOnly: false,
      commentText: null,
    };
  }
  if (event.name === 'tickets.users.add') {
    const data = userAddedData.safeParse(event.data);
    if (!data.success) return null;
    const relation = coreEnumKey('ticketUserRelationType', data.data.relationTypeEnumValue) ?? null;
    return {
      candidates: [data.data.userId],
      change: { userId: data.data.userId, relation },
      internalOnly: false,
      commentText: null,
    };
  }
  if (event.name === 'tickets.changeStatus') {
    const data = statusData.safeParse(event.data);
    if (!data.success) return null;
    const change = {
      from: coreEnumKey('ticketStatus', data.data.from),
      to: coreEnumKey('ticketStatus', data.data.to),
    };
    return { candidates: ticket.userIds, change, internalOnly: false, commentText: null };
  }
  const data = commentData.safeParse(event.data);
  if (!data.success) return null;
  const comment = commentOf(data.data.commentId);
  if (!comment) return null;
  // INTERNAL when it was written so or has been made so since: external people hear of neither.
  const internalOnly = data.data.visibility !== 'EXTERNAL' || comment.visibility !== 'EXTERNAL';
  return {
    candidates: ticket.userIds,
    change: { commentId: data.data.commentId, visibility: internalOnly ? 'INTERNAL' : 'EXTERNAL' },
    internalOnly,
    commentText: comment.text,
  };
}

/** A ticket's notices take the level of its severity: critical, warning, else informational. */
export function ticketNoticeLevel(severityValue: number): ProblemLevel {
  const key = coreEnumKey('ticketSeverity', severityValue);
  return key === 'critical' ? 'CRITICAL' : key === 'warning' ? 'WARNING' : 'INFO';
}

const COMMENT_EXCERPT = 160;

/** The notification centre's title and body of a ticket notice. */
export function ticketNoticeText(notice: TicketNotice): { title: string; body: string } {
  const { ticket } = notice;
  const by = notice.actor.name ? ` by ${notice.actor.name}` : '';
  const subject = `#${ticket.ticketId} ${ticket.title}`;
  if (notice.kind === 'TICKET_ASSIGNED') {
    const relation = typeof notice.change['relation'] === 'string' ? notice.change['relation'] : null;
    const as = relation ? ` as ${coreEnumLabel(relation, 'ticketUserRelationType').toLowerCase()}` : '';
    return { title: `Assigned to ticket ${subject}`, body: `You were assigned${as}${by}.` };
  }
  if (notice.kind === 'TICKET_STATUS_CHANGED') {
    const status = coreEnumValueLabel('ticketStatus', ticket.statusValue);
    return { title: `Ticket ${subject}`, body: `Status changed to ${status}${by}.` };
  }
  const text = (notice.commentText ?? '').replace(/\s+/g, ' ').trim();
  const excerpt = text.length > COMMENT_EXCERPT ? `${text.slice(0, COMMENT_EXCERPT - 1)}…` : text;
  return {
    title: `New comment on ticket ${subject}`,
    body: excerpt ? `${notice.actor.name ?? 'Someone'}: ${excerpt}` : `A comment${by}.`,
  };
}

const PAYLOAD_EVENTS: Readonly<Record<TicketNotificationKind, WebhookPayload['event']>> = {
  TICKET_ASSIGNED: 'ticket.assigned',
  TICKET_STATUS_CHANGED: 'ticket.status_changed',
  TICKET_COMMENTED: 'ticket.commented',
};

export function ticketNoticePayload(
  notice: TicketNotice,
  company: { companyId: number; name: string },
  recipients: WebhookPayload['recipients'],
  consoleOrigin: string | undefined,
): WebhookPayload {
  const { ticket } = notice;
  return {
    event: PAYLOAD_EVENTS[notice.kind],
    occurredAt: notice.occurredAt.toISOString(),
    company,
    asset: null,
    problem: null,
    ticket: {
      ticketId: ticket.ticketId,
      title: ticket.title,
      statusEnumKey: coreEnumKey('ticketStatus', ticket.statusValue) ?? String(ticket.statusValue),
      severityEnumKey: coreEnumKey('ticketSeverity', ticket.severityValue) ?? String(ticket.severityValue),
      change: notice.change,
    },
    recipients,
    consoleUrl: consoleOrigin ? `${consoleOrigin}/#/user/tickets/${ticket.ticketId}/details` : null,
  };
}
