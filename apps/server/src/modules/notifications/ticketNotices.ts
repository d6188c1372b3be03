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
  commentTextOf: (commentId: number) => string | null,
): TicketNotice | null {
  const kind = TICKET_NOTICE_EVENTS[event.name];
  if (!kind) return null;
  let candidates: number[];
  let change: Record<string, unknown> = {};
  let internalOnly = false;
  let commentText: string | null = null;
  if (event.name === 'tickets.create') {
    candidates = createdData.parse(event.data).users.map((user) => user.userId);
  } else if (event.name === 'tickets.users.add') {
    const data = userAddedData.parse(event.data);
    candidates = [data.userId];
    change = {
      userId: data.userId,
      relation: coreEnumKey('ticketUserRelationType', data.relationTypeEnumValue) ?? null,
    };
  } else if (event.name === 'tickets.changeStatus') {
    const data = statusData.parse(event.data);
    candidates = ticket.userIds;
    change = { from: coreEnumKey('ticketStatus', data.from), to: coreEnumKey('ticketStatus', data.to) };
  } else {
    const data = commentData.parse(event.data);
    candidates = ticket.userIds;
    internalOnly = data.visibility !== 'EXTERNAL';
    commentText = commentTextOf(data.commentId);
    change = { commentId: data.commentId, visibility: data.visibility };
  }
  const candidateUserIds = [...new Set(candidates)].filter((userId) => userId !== event.actorUserId);
  if (candidateUserIds.length === 0) return null;
  return {
    eventId: event.eventId,
    kind,
    ticket,
    actor: { userId: event.actorUserId, name: event.actorName },
    occurredAt: event.createdAt,
    candidateUserIds,
    internalOnly,
    change,
    commentText,
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
