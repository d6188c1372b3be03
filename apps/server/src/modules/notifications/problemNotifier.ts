import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { companyWebhooks, notifications, webhookDeliveries } from '../../platform/db/problemsSchema.ts';
import { companies } from '../../platform/db/schema.ts';
import type { AuthContext } from '../../http/authenticate.ts';
import type { NotificationRelay } from './liveRelay.ts';
import { unreadCountOf } from './notificationCentre.ts';
import { preferencesOf } from './notificationPreferences.ts';
import { noticePayload, noticeText } from './noticeTexts.ts';
import { createProblemReaders, type ProblemReaders } from './problemReaders.ts';
import type { ProblemNotice, ProblemNotifier } from './problemNotices.ts';

export interface NotifierLogger {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ProblemNotifierDeps {
  db: Db;
  /** Late-bound to the live server (liveRelay.ts): each person told of a new notification gets their count. */
  relay: NotificationRelay;
  logger: NotifierLogger;
  /** Webhook deliveries were queued: the sender sends them now rather than at its next poll. */
  onDeliveriesQueued?: () => void;
  /** The console's public origin, for links in webhook payloads. */
  consoleOrigin?: string;
}

/** Muted, or its asset in maintenance: nobody is told, though the problem stays listed (suppressed, not lost). */
export function isSuppressed(notice: ProblemNotice): boolean {
  return notice.problem.mute?.currentlyMuted === true || notice.problem.inMaintenance;
}

interface NoticeOutcome {
  notifiedUserIds: number[];
  deliveriesQueued: number;
}

export function createProblemNotifier(deps: ProblemNotifierDeps): ProblemNotifier {
  const { db, logger } = deps;

  async function notifyOne(notice: ProblemNotice, readers: ProblemReaders): Promise<NoticeOutcome> {
    const { problem } = notice;
    const people = await readers.of(problem.companyId, problem.assetId);
    const preferences = await preferencesOf(
      db,
      people.map((auth) => auth.user.userId),
      problem.companyId,
    );
    const wants = (auth: AuthContext, channel: 'inConsole' | 'webhook') => {
      const preference = preferences.get(auth.user.userId);
      return preference !== undefined && preference[channel] && preference.levels.includes(problem.level);
    };
    const inConsole = people.filter((auth) => wants(auth, 'inConsole'));
    const recipients = people
      .filter((auth) => wants(auth, 'webhook'))
      .map(({ user }) => ({ userId: user.userId, name: user.name, email: user.email }));
    const text = noticeText(notice);

    return db.transaction(async (tx) => {
      // The unique (user, problem, kind) key makes a repeated notice a no-op: only new rows answer.
      const inserted =
        inConsole.length === 0
          ? []
          : await tx
              .insert(notifications)
              .values(
                inConsole.map((auth) => ({
                  userId: auth.user.userId,
                  companyId: problem.companyId,
                  assetId: problem.assetId,
                  detectedProblemId: problem.detectedProblemId,
                  kind: notice.kind,
                  level: problem.level,
                  ...text,
                })),
              )
              .onConflictDoNothing()
              .returning({ userId: notifications.userId });

      const hooks = (
        await tx
          .select({ webhookId: companyWebhooks.webhookId, levels: companyWebhooks.levels })
          .from(companyWebhooks)
          .where(and(eq(companyWebhooks.companyId, problem.companyId), eq(companyWebhooks.enabled, true)))
      ).filter((hook) => hook.levels.includes(problem.level));
      let queued: { deliveryId: number }[] = [];
      if (hooks.length > 0) {
        const [company] = await tx
          .select({ companyId: companies.companyId, name: companies.name })
          .from(companies)
          .where(eq(companies.companyId, problem.companyId));
        const payload = JSON.stringify(
          noticePayload(
            notice,
            company ?? { companyId: problem.companyId, name: '' },
            recipients,
            deps.consoleOrigin,
          ),
        );
        queued = await tx
          .insert(webhookDeliveries)
          .values(
            hooks.map((hook) => ({
              webhookId: hook.webhookId,
              detectedProblemId: problem.detectedProblemId,
              kind: notice.kind,
              payload,
            })),
          )
          .onConflictDoNothing()
          .returning({ deliveryId: webhookDeliveries.deliveryId });
      }
      return { notifiedUserIds: inserted.map((row) => row.userId), deliveriesQueued: queued.length };
    });
  }

  /** Each person told of something new gets their own unread count, on every connection of theirs. */
  async function signalUnreadCounts(userIds: Set<number>, readers: ProblemReaders): Promise<void> {
    for (const userId of userIds) {
      const auth = await readers.context(userId);
      if (!auth) continue;
      deps.relay.notifyUsers([userId], { unreadCount: await unreadCountOf(db, auth) });
    }
  }

  return {
    async notify(notices) {
      try {
        const readers = createProblemReaders(db);
        const notified = new Set<number>();
        let deliveries = 0;
        for (const notice of notices) {
          const where = { problemId: notice.problem.detectedProblemId, kind: notice.kind };
          if (isSuppressed(notice)) {
            logger.info(
              {
                ...where,
                muted: notice.problem.mute?.currentlyMuted === true,
                inMaintenance: notice.problem.inMaintenance,
              },
              'problem notice suppressed',
            );
            continue;
          }
          try {
            const outcome = await notifyOne(notice, readers);
            for (const userId of outcome.notifiedUserIds) notified.add(userId);
            deliveries += outcome.deliveriesQueued;
          } catch (error) {
            logger.error({ ...where, err: error }, 'problem notice not stored');
          }
        }
        if (notified.size > 0) await signalUnreadCounts(notified, readers);
        if (deliveries > 0) deps.onDeliveriesQueued?.();
      } catch (error) {
        // The caller's changes are committed already: a failure here must not undo or repeat them.
        logger.error({ err: error, notices: notices.length }, 'problem notices not delivered');
      }
    },
  };
}
