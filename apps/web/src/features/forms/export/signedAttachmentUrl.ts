import { contract } from '../../../shared/api/endpoints.ts';
import { apiCall } from '../../../shared/api/index.ts';
import type { SignedUrlOf } from './formExport.ts';

/** A form attachment's signed, time-limited address (entities.forms.getAttachmentS3SignedUrl). */
export const signedFormAttachmentUrl: SignedUrlOf = async (attachment, signal) =>
  (
    await apiCall(contract.formsGetAttachmentSignedUrl, {
      body: { formAttachmentId: attachment.formAttachmentId, entityType: 'TICKET' },
      signal,
    })
  ).url;
