import { formsEndpoints as forms } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import {
  deleteFormAttachment,
  formAttachmentDownloadUrl,
  listFormAttachments,
} from './formAttachmentsService.ts';
import { registerFormAttachmentUpload } from './formAttachmentUpload.ts';
import {
  createFormDefinition,
  getFormDefinition,
  getForms,
  listFormDefinitions,
  saveFormDefinition,
  setFormTicketTypes,
} from './formDefinitionsService.ts';
import { listFormInstances } from './formExplorer.ts';
import { listFormMetadata, listFormValues, updateFormValues } from './formValuesService.ts';

/**
 * Checklist forms (spec section 7, Forms): the forms offered, a ticket's filled forms (values, metadata, files),
 * the explorer, and the form editor's definitions. Reading needs tickets:read, filling tickets:write on the
 * ticket's company, editing definitions the provider's staff.
 */
export function registerFormsRoutes(context: RouteContext): void {
  const { db, files, route } = context;
  const deps = { db, files };
  route(forms.formsGet, ({ auth, body }) => getForms(db, auth, body));
  route(forms.formsUpdateValues, ({ auth, body }) => updateFormValues(db, auth, body));
  route(forms.formsListValues, ({ auth, body }) => listFormValues(db, auth, body));
  route(forms.formsListMetadata, ({ auth, body }) => listFormMetadata(db, auth, body));
  route(forms.formsListInstances, ({ auth, body }) => listFormInstances(db, auth, body));
  route(forms.formsListAttachments, ({ auth, body }) => listFormAttachments(db, auth, body));
  route(forms.formsGetAttachmentSignedUrl, ({ auth, body }) =>
    formAttachmentDownloadUrl(deps, auth, body.formAttachmentId),
  );
  route(forms.formsDeleteAttachment, ({ auth, body }) =>
    deleteFormAttachment(deps, auth, body.formAttachmentId),
  );
  registerFormAttachmentUpload(context, deps);
  route(forms.formDefinitionsList, ({ auth }) => listFormDefinitions(db, auth));
  route(forms.formDefinitionsGet, ({ auth, body }) => getFormDefinition(db, auth, body));
  route(forms.formDefinitionsCreate, ({ auth, body }) => createFormDefinition(db, auth, body));
  route(forms.formDefinitionsSave, ({ auth, body }) => saveFormDefinition(db, auth, body));
  route(forms.formDefinitionsSetTicketTypes, ({ auth, body }) => setFormTicketTypes(db, auth, body));
}
