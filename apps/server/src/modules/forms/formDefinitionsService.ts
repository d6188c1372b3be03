import { and, asc, count, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { BodyOf, FormDefinitionWire, OutputOf, contract } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { conflict, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { formElementAssociations, forms } from '../../platform/db/formsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import {
  loadDefinition,
  replaceTicketTypes,
  ticketTypesOf,
  versionsOf,
} from './formDefinitionsRepository.ts';
import {
  FORM_NOT_FOUND,
  formScopeCondition,
  readableForm,
  requireFormEditor,
  type FormRow,
} from './formsAccess.ts';
import { insertFormDefinition, writeVersion } from './formVersionWriter.ts';

export const FORM_VERSION_MOVED = 'This form was saved by someone else meanwhile: reload it and try again.';
export const FORM_VERSION_NOT_FOUND = 'This version of the form does not exist.';

function recordFormEvent(
  tx: DbOrTx,
  auth: AuthContext,
  form: FormRow,
  name: string,
  data: Record<string, unknown>,
) {
  return recordEvent(tx, {
    name: `forms.definitions.${name}`,
    actorUserId: auth.user.userId,
    companyId: form.companyId,
    subjectType: 'form',
    subjectId: form.formId,
    data,
  });
}

export async function getFormDefinition(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formDefinitionsGet>,
): Promise<FormDefinitionWire> {
  const form = await readableForm(db, auth, body.formId);
  const version = body.version ?? form.latestVersion;
  if (version > form.latestVersion) throw notFound(FORM_VERSION_NOT_FOUND);
  return loadDefinition(db, form, version);
}

export function createFormDefinition(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formDefinitionsCreate>,
): Promise<FormDefinitionWire> {
  requireFormEditor(auth);
  return db.transaction(async (tx) => {
    const form = await insertFormDefinition(tx, body, auth.user.userId);
    return loadDefinition(tx, form, 1);
  });
}

/** A form row locked for a write, visible to the caller. */
async function lockedForm(tx: DbOrTx, auth: AuthContext, formId: number): Promise<FormRow> {
  await readableForm(tx, auth, formId);
  const [form] = await tx.select().from(forms).where(eq(forms.formId, formId)).for('update');
  if (!form) throw notFound(FORM_NOT_FOUND);
  return form;
}

export function saveFormDefinition(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formDefinitionsSave>,
): Promise<FormDefinitionWire> {
  requireFormEditor(auth);
  return db.transaction(async (tx) => {
    const form = await lockedForm(tx, auth, body.formId);
    if (body.expectedVersion !== undefined && body.expectedVersion !== form.latestVersion) {
      throw conflict(FORM_VERSION_MOVED);
    }
    const version = form.latestVersion + 1;
    await writeVersion(tx, form.formId, version, body, auth.user.userId);
    const [saved] = await tx
      .update(forms)
      .set({ latestVersion: version, label: body.label, updatedAt: new Date() })
      .where(eq(forms.formId, form.formId))
      .returning();
    if (!saved) throw new Error('form not updated');
    await recordFormEvent(tx, auth, saved, 'save', {
      label: body.label,
      version,
      elementCount: body.formElements.length,
    });
    return loadDefinition(tx, saved, version);
  });
}

export function setFormTicketTypes(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formDefinitionsSetTicketTypes>,
): Promise<FormDefinitionWire> {
  requireFormEditor(auth);
  return db.transaction(async (tx) => {
    const form = await lockedForm(tx, auth, body.formId);
    const before = (await ticketTypesOf(tx, [form.formId])).get(form.formId) ?? [];
    await replaceTicketTypes(tx, form.formId, body.ticketTypeValues);
    await recordFormEvent(tx, auth, form, 'setTicketTypes', {
      before,
      after: [...new Set(body.ticketTypeValues)],
    });
    return loadDefinition(tx, form, form.latestVersion);
  });
}

/** Spec: entities.forms.get: the latest version of every form offered, the catalogue's and the companies' own. */
export async function getForms(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formsGet>,
): Promise<OutputOf<typeof contract.formsGet>> {
  const companyIds = body.companyIds;
  const ofCompanies: SQL | undefined =
    companyIds === undefined
      ? undefined
      : companyIds.length === 0
        ? isNull(forms.companyId)
        : or(isNull(forms.companyId), inArray(forms.companyId, companyIds));
  const rows = await db
    .select()
    .from(forms)
    .where(and(formScopeCondition(auth), ofCompanies))
    .orderBy(asc(forms.label), asc(forms.formId));
  return { content: await Promise.all(rows.map((form) => loadDefinition(db, form, form.latestVersion))) };
}

/** The form editor's list: every form the caller may see, with its versions and element count. */
export async function listFormDefinitions(
  db: Db,
  auth: AuthContext,
): Promise<OutputOf<typeof contract.formDefinitionsList>> {
  const rows = await db
    .select()
    .from(forms)
    .where(formScopeCondition(auth))
    .orderBy(asc(forms.label), asc(forms.formId));
  const ids = rows.map((form) => form.formId);
  const [versions, types, counts] = await Promise.all([
    versionsOf(db, ids),
    ticketTypesOf(db, ids),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select({
            formId: formElementAssociations.formId,
            version: formElementAssociations.version,
            n: count(),
          })
          .from(formElementAssociations)
          .where(inArray(formElementAssociations.formId, ids))
          .groupBy(formElementAssociations.formId, formElementAssociations.version),
  ]);
  return {
    content: rows.map((form) => ({
      formId: form.formId,
      label: form.label,
      latestVersion: form.latestVersion,
      companyId: form.companyId,
      ticketTypeValues: types.get(form.formId) ?? [],
      elementCount:
        counts.find((row) => row.formId === form.formId && row.version === form.latestVersion)?.n ?? 0,
      updatedAt: form.updatedAt.toISOString(),
      versions: versions
        .filter((version) => version.formId === form.formId)
        .map((version) => ({
          version: version.version,
          createdAt: version.createdAt.toISOString(),
          createdByName: version.createdByName,
        })),
    })),
  };
}
