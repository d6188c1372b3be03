import { createServer, type Server as HttpServer } from 'node:http';
import { eq } from 'drizzle-orm';
import type { DetectedProblem, NotificationsChangedSignal } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { detectedProblems } from '../../platform/db/problemsSchema.ts';
import { loadProblems, presentProblems } from '../problems/problemAccess.ts';
import type { NotificationRelay } from './liveRelay.ts';
import type { ProblemNotice, ProblemNoticeKind } from './problemNotices.ts';
import { signBody } from './webhookSecrets.ts';

/** A relay that records what would have been sent to browsers. */
export function recordingRelay() {
  const signals: { userId: number; signal: NotificationsChangedSignal }[] = [];
  const relay: NotificationRelay = {
    notifyUsers(userIds, signal) {
      for (const userId of userIds) signals.push({ userId, signal });
    },
  };
  return { relay, signals, clear: () => signals.splice(0) };
}

/** A logger that keeps what it was told. */
export function recordingLogger() {
  const lines: { level: string; message: string; details: object }[] = [];
  const at = (level: string) => (details: object, message: string) => {
    lines.push({ level, message, details });
  };
  return { logger: { info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

/** A problem as the evaluator hands it over, with whatever the test changes in it. */
export async function noticeOf(
  db: DbOrTx,
  detectedProblemId: number,
  kind: ProblemNoticeKind,
  change: Partial<DetectedProblem> = {},
  assetName = 'AN-CRAH-01',
): Promise<ProblemNotice> {
  const [problem] = await presentProblems(db, await loadProblems(db, [detectedProblemId]), new Date());
  if (!problem) throw new Error(`no problem ${detectedProblemId}`);
  return { kind, problem: { ...problem, ...change }, assetName };
}

export async function setProblemLevel(db: DbOrTx, detectedProblemId: number, level: string) {
  await db
    .update(detectedProblems)
    .set({ level })
    .where(eq(detectedProblems.detectedProblemId, detectedProblemId));
}

export interface ReceivedCall {
  body: string;
  headers: Record<string, string | string[] | undefined>;
  /** Whether one of the X-Kelvin-Signature values is the body's signature with the receiver's secret. */
  signatureValid: boolean;
  /** The X-Kelvin-Signature values (two during a rotation's grace). */
  signatures: string[];
}

/**
 * The allow list that admits the tests' receivers (on 127.0.0.1): loopback is refused to webhooks unless the
 * server's config admits it, as an operator would admit an on-premise receiver.
 */
export const RECEIVER_ALLOW_NETWORKS = '127.0.0.1/32';

/**
 * A webhook receiver on a real local HTTP server: it checks each call's signature with the secret and answers
 * with what `answer` says for the nth call (1-based); 'hang' never answers.
 */
export async function startReceiver(options: {
  secret: () => string;
  answer?: (call: number) => number | 'hang';
}): Promise<{ url: string; calls: ReceivedCall[]; close(): Promise<void> }> {
  const calls: ReceivedCall[] = [];
  const server: HttpServer = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signatures = String(request.headers['x-kelvin-signature'] ?? '')
        .split(' ')
        .filter((value) => value !== '');
      const signatureValid = signatures.includes(signBody(options.secret(), body));
      calls.push({ body, headers: request.headers, signatureValid, signatures });
      const answer = options.answer?.(calls.length) ?? 200;
      if (answer === 'hang') return;
      // A receiver that cannot check the signature refuses the call, as a real one would.
      response.statusCode = signatureValid ? answer : 401;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    // The address, not localhost: localhost may resolve to ::1 too, which the allow list does not admit.
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
