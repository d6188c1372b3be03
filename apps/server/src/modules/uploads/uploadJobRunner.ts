import type { FastifyBaseLogger } from 'fastify';
import { UploadRejected } from './assetDataLines.ts';
import { ProcessingAborted, processUpload, type UploadProcessorDeps } from './processUpload.ts';
import {
  changeStatus,
  findWork,
  touchUpload,
  type FileAttachmentRow,
  type StatusChange,
} from './uploadsRepository.ts';

export interface UploadJobRunner {
  /** Looks for work now instead of at the next poll (an upload has just arrived). */
  wake(): void;
  /** Stops after the current chunk; a file being processed goes back to SCHEDULED_FOR_PROCESSING. */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** How often an idle runner looks for work that another process (or a missed wake) left. */
  pollMs?: number;
  /** A PROCESSING row not touched for this long belongs to a runner that is gone: it is taken over. */
  stuckAfterMs?: number;
  /** How often a runner touches the row it processes; well under stuckAfterMs. */
  heartbeatMs?: number;
  /** Points a file keeps between its two passes: the upload share of the memory budget. */
  memoryPoints?: number;
  log: FastifyBaseLogger;
}

const SERVER_FAILURE = 'The file could not be processed because of a server error. Upload it again.';

/**
 * The in-process job runner of asset data uploads: UPLOADED → SCHEDULED_FOR_PROCESSING → PROCESSING →
 * INGESTED or ERROR. One file at a time (a 300MB file keeps a core busy). Every claim is a conditional update,
 * so several server processes can run it against one database without taking the same file twice; rows left
 * by a process that died (PROCESSING and not touched for stuckAfterMs) are taken over, and the chunks' batch
 * ids keep the points from being stored twice.
 */
export function startUploadJobRunner(deps: UploadProcessorDeps, options: RunnerOptions): UploadJobRunner {
  const pollMs = options.pollMs ?? 5_000;
  const stuckAfterMs = options.stuckAfterMs ?? 60_000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const { db } = deps;
  const { log } = options;
  const abort = new AbortController();
  let wakeUp: (() => void) | undefined;
  let wokenEarly = false;

  const idle = () =>
    new Promise<void>((resolve) => {
      if (wokenEarly || abort.signal.aborted) {
        wokenEarly = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const loop = async () => {
    while (!abort.signal.aborted) {
      let didWork = false;
      try {
        didWork = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'upload job runner failed; retrying at the next poll');
      }
      if (!didWork) await idle();
    }
  };

  const runOnce = async (): Promise<boolean> => {
    const work = await findWork(db, new Date(Date.now() - stuckAfterMs), 1);
    const next = work[0];
    if (!next || abort.signal.aborted) return false;
    if (next.status === 'UPLOADED') {
      await changeStatus(db, {
        fileAttachmentId: next.fileAttachmentId,
        from: ['UPLOADED'],
        to: 'SCHEDULED_FOR_PROCESSING',
        actorUserId: null,
      });
    }
    const stuck = next.status === 'PROCESSING';
    const claimed = await changeStatus(db, {
      fileAttachmentId: next.fileAttachmentId,
      // Only from the status this runner saw: a runner that found the file scheduled must not take it once another
      // process has claimed it meanwhile (it would be PROCESSING, and recently updated, by then).
      from: stuck ? ['PROCESSING'] : ['SCHEDULED_FOR_PROCESSING'],
      to: 'PROCESSING',
      actorUserId: null,
      // A PROCESSING row is only taken when it is still stuck: another runner may have touched it meanwhile.
      notUpdatedSince: stuck ? new Date(Date.now() - stuckAfterMs) : undefined,
    });
    if (claimed) await processClaimed(claimed);
    // Claimed by another process or not: there may be more work, so look again at once.
    return true;
  };

  const processClaimed = async (upload: FileAttachmentRow) => {
    let lastTouch = Date.now();
    const heartbeat = async () => {
      if (Date.now() - lastTouch < heartbeatMs) return;
      lastTouch = Date.now();
      await touchUpload(db, upload.fileAttachmentId);
    };
    const finish = (change: Pick<StatusChange, 'to' | 'failureReason' | 'pointsIngested'>) =>
      changeStatus(db, {
        fileAttachmentId: upload.fileAttachmentId,
        from: ['PROCESSING'],
        actorUserId: null,
        ...change,
      });
    try {
      const pointsIngested = await processUpload(deps, upload, {
        signal: abort.signal,
        heartbeat,
        memoryPoints: options.memoryPoints,
      });
      await finish({ to: 'INGESTED', failureReason: null, pointsIngested });
      log.info({ fileAttachmentId: upload.fileAttachmentId, pointsIngested }, 'upload ingested');
    } catch (error) {
      if (error instanceof ProcessingAborted) {
        await finish({ to: 'SCHEDULED_FOR_PROCESSING' });
      } else if (error instanceof UploadRejected) {
        await finish({ to: 'ERROR', failureReason: error.message });
      } else {
        log.error({ err: error, fileAttachmentId: upload.fileAttachmentId }, 'upload processing failed');
        await finish({ to: 'ERROR', failureReason: SERVER_FAILURE });
      }
    }
  };

  const running = loop();
  return {
    wake() {
      if (wakeUp) wakeUp();
      else wokenEarly = true;
    },
    async stop() {
      abort.abort();
      wakeUp?.();
      await running;
    },
  };
}
