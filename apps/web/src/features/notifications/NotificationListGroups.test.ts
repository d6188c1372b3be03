import { describe, expect, it } from 'vitest';
import { groupNotifications } from './NotificationListGroups.ts';
import { buildNotification } from './notificationsTestData.ts';

describe('groupNotifications', () => {
  it("puts a unit's notices in one entry, in the order of each entry's newest notice", () => {
    const notices = [
      buildNotification({ notificationId: 5, assetId: 3, assetName: 'CRAH-03', level: 'WARNING' }),
      buildNotification({ notificationId: 4, assetId: 1, assetName: 'CRAH-01', level: 'INFO' }),
      buildNotification({ notificationId: 3, assetId: 3, assetName: 'CRAH-03', level: 'CRITICAL' }),
      buildNotification({
        notificationId: 2,
        assetId: 3,
        assetName: 'CRAH-03',
        level: 'INFO',
        readAt: '2025-06-01T09:00:00.000Z',
      }),
      buildNotification({ notificationId: 1, assetId: null, assetName: null, ticketId: 9, level: 'INFO' }),
    ];
    const groups = groupNotifications(notices);
    expect(groups.map((group) => group.notices.map((notice) => notice.notificationId))).toEqual([
      [5, 3, 2],
      [4],
      [1],
    ]);
    expect(groups[0]).toMatchObject({ key: 'asset-3', level: 'CRITICAL', unread: 2 });
    expect(groups[1]).toMatchObject({ level: 'INFO', unread: 1 });
    expect(groups[2]?.key).toBe('ticket-9');
  });

  it('keeps notices of neither a unit nor a ticket apart', () => {
    const groups = groupNotifications([
      buildNotification({ notificationId: 2, assetId: null, ticketId: null }),
      buildNotification({ notificationId: 1, assetId: null, ticketId: null }),
    ]);
    expect(groups).toHaveLength(2);
  });
});
