import type { WebhookPayload } from '@kelvin/contract';
import type { ProblemNotice, ProblemNoticeKind } from './problemNotices.ts';

const EVENTS: Readonly<Record<ProblemNoticeKind, WebhookPayload['event']>> = {
  OPENED: 'problem.opened',
  ESCALATED: 'problem.escalated',
  RESOLVED: 'problem.resolved',
};

const BODY_START: Readonly<Record<ProblemNoticeKind, (assetName: string) => string>> = {
  OPENED: (asset) => `Opened on ${asset}`,
  ESCALATED: (asset) => `Escalated on ${asset}: still unacknowledged`,
  RESOLVED: (asset) => `Resolved on ${asset}`,
};

/** A notification's title and body, as the notification centre shows them. */
export function noticeText(notice: ProblemNotice): { title: string; body: string } {
  const description = notice.problem.description?.trim();
  const start = BODY_START[notice.kind](notice.assetName);
  return { title: notice.problem.name, body: description ? `${start}. ${description}` : start };
}

/** When the change happened: the problem's own time for it, so every retry carries the same instant. */
function occurredAt(notice: ProblemNotice): string {
  const { problem } = notice;
  if (notice.kind === 'RESOLVED') return problem.closedAt ?? problem.updatedAt;
  if (notice.kind === 'ESCALATED') return problem.escalatedAt ?? problem.updatedAt;
  return problem.createdAt;
}

/** Where the console shows a device's problems. */
export function problemConsoleUrl(consoleOrigin: string | undefined, assetId: number): string | null {
  return consoleOrigin ? `${consoleOrigin}/#/user/devices/${assetId}/problems` : null;
}

export function noticePayload(
  notice: ProblemNotice,
  company: { companyId: number; name: string },
  recipients: WebhookPayload['recipients'],
  consoleOrigin: string | undefined,
): WebhookPayload {
  const { problem } = notice;
  return {
    event: EVENTS[notice.kind],
    occurredAt: occurredAt(notice),
    company,
    asset: { assetId: problem.assetId, name: notice.assetName },
    problem: {
      detectedProblemId: problem.detectedProblemId,
      name: problem.name,
      description: problem.description,
      level: problem.level,
      tags: problem.tags,
      firstEventAt: problem.firstEventAt,
      lastEventAt: problem.lastEventAt,
      closedAt: problem.closedAt,
      escalatedAt: problem.escalatedAt,
      acknowledged: problem.acknowledgement !== null,
    },
    recipients,
    consoleUrl: problemConsoleUrl(consoleOrigin, problem.assetId),
  };
}

export function testPayload(
  company: { companyId: number; name: string },
  at: Date,
  consoleOrigin: string | undefined,
): WebhookPayload {
  return {
    event: 'webhook.test',
    occurredAt: at.toISOString(),
    company,
    asset: null,
    problem: null,
    recipients: [],
    consoleUrl: consoleOrigin ?? null,
  };
}
