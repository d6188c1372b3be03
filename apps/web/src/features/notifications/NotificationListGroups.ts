import type { Notification, ProblemLevel } from '@kelvin/contract';

/** One entry of the notification centre: a unit's notices together (or a ticket's), newest first. */
export interface NotificationGroup {
  key: string;
  notices: readonly Notification[];
  /** The worst level among them: the colour the entry shows. */
  level: ProblemLevel;
  unread: number;
}

const RANK: Readonly<Record<ProblemLevel, number>> = { CRITICAL: 3, WARNING: 2, INFO: 1 };

/** A notice's unit, or its ticket: what its entry is grouped by. */
const groupKey = (notice: Notification): string =>
  notice.assetId !== null
    ? `asset-${notice.assetId}`
    : notice.ticketId !== null
      ? `ticket-${notice.ticketId}`
      : `notice-${notice.notificationId}`;

/**
 * The notices of a newest-first page grouped by unit (one problem makes one notice, so a unit in trouble makes many):
 * entries in the order of their newest notice, each notice's order kept inside its entry.
 */
export function groupNotifications(notices: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, Notification[]>();
  for (const notice of notices) {
    const key = groupKey(notice);
    const group = groups.get(key);
    if (group) group.push(notice);
    else groups.set(key, [notice]);
  }
  return [...groups].map(([key, members]) => ({
    key,
    notices: members,
    level: members.reduce<ProblemLevel>(
      (worst, notice) => (RANK[notice.level] > RANK[worst] ? notice.level : worst),
      'INFO',
    ),
    unread: members.filter((notice) => notice.readAt === null).length,
  }));
}
