import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import { createPointResolver } from '../telemetry/pointResolver.ts';
import { createPointWriter } from '../telemetry/pointWriter.ts';
import { startUploadJobRunner, type UploadJobRunner } from './uploadJobRunner.ts';
import { registerUploadReceiver } from './uploadReceiver.ts';
import { createUploadSigner } from './uploadSignature.ts';
import { createAssetDataUpload, listAssetDataUploads, uploadDownloadUrl } from './uploadsService.ts';

/**
 * Asset data uploads: the three fileAttachments calls, the signed PUT that receives the bytes, and the job
 * runner that ingests them. The runner starts when the app is ready (picking up what a previous run left) and
 * stops before the stores close.
 */
export function registerUploadsRoutes(context: RouteContext): void {
  const { app, db, files, timeseries, bus } = context;
  const signer = createUploadSigner(db, context.config.publicOrigin);
  const deps = { db, files, signer };
  let runner: UploadJobRunner | undefined;

  context.route(contract.createAssetDataUploadUrl, ({ auth, body }) =>
    createAssetDataUpload(deps, auth, body),
  );
  context.route(contract.fileAttachmentsList, ({ auth, body }) => listAssetDataUploads(deps, auth, body));
  context.route(contract.fileAttachmentsDownloadUrl, ({ auth, body }) =>
    uploadDownloadUrl(deps, auth, body.fileAttachmentId),
  );
  registerUploadReceiver(app, { db, files, signer, onUploaded: () => runner?.wake() });

  app.addHook('onReady', (done) => {
    runner = startUploadJobRunner(
      {
        db,
        files,
        // The same resolver and writer as POST telemetry.ingest: one ingestion pipeline.
        resolver: createPointResolver(db),
        writer: createPointWriter({ db, timeseries, bus }),
      },
      { log: app.log.child({ module: 'uploads' }), memoryPoints: context.config.memory.uploadMemoryPoints },
    );
    done();
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
  });
}
