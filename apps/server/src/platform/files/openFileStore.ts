import { createLocalFileStore, type FileStore } from './fileStore.ts';
import type { S3Settings } from './s3FileStore.ts';

export interface OpenedFileStore {
  files: FileStore;
  /** The origin of the store's URLs when it is not the console's own (a bucket); undefined for the disk store. */
  filesOrigin: string | undefined;
}

/**
 * The bucket when S3_* are set, checked before the server answers: it must be reachable, and its URLs must be on
 * an origin of their own (user files served on the console's origin could run there: s3FileStore.ts). Otherwise
 * files under `root`, served by the server itself.
 */
export async function openFileStore(options: {
  s3: S3Settings | undefined;
  root: string;
  publicOrigin: string;
  signingSecret: () => Promise<string>;
}): Promise<OpenedFileStore> {
  if (!options.s3) {
    const files = createLocalFileStore({
      root: options.root,
      secret: await options.signingSecret(),
      publicOrigin: options.publicOrigin,
    });
    return { files, filesOrigin: undefined };
  }
  // Loaded only for a bucket: the SDK costs about 100 ms and 20 MB at start, and warns about Node 20 when loaded.
  const { createS3Client, createS3FileStore } = await import('./s3FileStore.ts');
  const files = createS3FileStore({ client: createS3Client(options.s3), bucket: options.s3.bucket });
  try {
    await files.checkBucket();
    const filesOrigin = new URL(await files.signedUrl('origin-check', { expiresInSeconds: 60 })).origin;
    if (filesOrigin === new URL(options.publicOrigin).origin) {
      throw new Error(
        `The file bucket's URLs (${filesOrigin}) are on the console's own origin (PUBLIC_ORIGIN): serve the bucket from a host of its own, so that no uploaded file can run on the console's pages.`,
      );
    }
    return { files, filesOrigin };
  } catch (error) {
    files.close();
    throw error;
  }
}
