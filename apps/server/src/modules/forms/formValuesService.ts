import { and, eq, inArray } from 'drizzle-orm';
import type { BodyOf, OutputOf, contract } from '@kelvin/contract';
import {
  labelFormErrors,
  validateForm,
  walkFormElements,
  type FormElement,
  type FormValue,
} from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import { badField, badRequest, notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { formInstances, formValues, forms } from '../../platform/db/formsSchema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { readableTicket } from '../tickets/ticketAccess.ts';
import { touchTicket } from '../tickets/ticketCommentsRepository.ts';
import { loadFormElements, ticketTypesOf, versionLabel } from './formDefinitionsRepository.ts';
import {
  findInstance,
  instancesOfTicket,
  presentInstances,
  presentMetadata,
  valuesOf,
  type FormInstanceRow,
} from './formInstancesRepository.ts';
import {
  FORM_NOT_FOUND,
  formFitsTicket,
  formScopeCondition,
  readableForm,
  visibleTicketAssetIds,
  writableTicketAsset,
} from './formsAccess.ts';
import { enterTimerPeriods, readWorkTimeSheet } from './formWorkTimeSheet.ts';

export const FORM_NOT_OFFERED = 'This form is not offered on tickets of this type.';
const UNIVERSAL_TICKET_TYPE = -1;

type UpdateBody = BodyOf<typeof contract.formsUpdateValues>;

/**
 * The values of a save that may be stored: each names an element of the version (spec technical error 'Unable to
 * find element with formElementDefAssociationId {id}.'), with its definition id and the form's id, once. Null
 * values are dropped, as the form screen drops them from its payload.
 */
function checkedValues(
  body: UpdateBody,
  elements: readonly FormElement[],
): { values: FormValue[]; index: Map<number, number> } {
  const byId = new Map(
    walkFormElements(elements).map((element) => [element.formElementDefAssociationId, element]),
  );
  const index = new Map<number, number>();
  body.formValues.forEach((value, at) => {
    const field = `body.formValues.${at}`;
    const element = byId.get(value.formElementDefAssociationId);
    if (!element) {
      throw badField(
        `${field}.formElementDefAssociationId`,
        `Unable to find element with formElementDefAssociationId ${value.formElementDefAssociationId}.`,
      );
    }
    if (value.formId !== body.formId)
      throw badField(`${field}.formId`, 'Every value must be of the form saved.');
    if (value.formElementDefId !== element.formElementDefId) {
      throw badField(
        `${field}.formElementDefId`,
        `The element ${element.label} has another formElementDefId.`,
      );
    }
    if (index.has(value.formElementDefAssociationId))
      throw badField(field, `${element.label} has two values.`);
    index.set(value.formElementDefAssociationId, at);
  });
  return { values: body.formValues.filter((value) => value.value !== null), index };
}

/**
 * Refuses values the form screen would show an error for, with the same messages (packages/domain's validateForm),
 * each naming its element: the envelope's message lists 'label: message', each detail the value's field. Missing
 * required values are no refusal (the form screen's Warning lets a technician save anyway): they leave the form
 * In Progress.
 */
function refuseInvalid(
  elements: readonly FormElement[],
  values: readonly FormValue[],
  index: Map<number, number>,
): void {
  const errors = labelFormErrors(elements, validateForm(elements, values, { checkRequired: false }));
  if (errors.length === 0) return;
  throw badRequest(
    errors.map((error) => `${error.label}: ${error.message}`).join(' '),
    errors.map((error) => {
      const at = index.get(error.formElementDefAssociationId);
      return {
        field: at === undefined ? 'body.formValues' : `body.formValues.${at}.value`,
        message: error.message,
      };
    }),
  );
}

/** Stores the save's values: changed ones written, absent ones cleared, unchanged ones left with their time. */
async function storeValues(
  tx: DbOrTx,
  auth: AuthContext,
  instanceId: number,
  values: readonly FormValue[],
  now: Date,
) {
  const before = new Map(
    (await valuesOf(tx, [instanceId])).map((row) => [
      row.formElementDefAssociationId,
      JSON.stringify(row.value),
    ]),
  );
  const kept = new Set(values.map((value) => value.formElementDefAssociationId));
  const cleared = [...before.keys()].filter((id) => !kept.has(id));
  if (cleared.length > 0) {
    await tx
      .delete(formValues)
      .where(
        and(
          eq(formValues.formInstanceId, instanceId),
          inArray(formValues.formElementDefAssociationId, cleared),
        ),
      );
  }
  const changed = values.filter(
    (value) => before.get(value.formElementDefAssociationId) !== JSON.stringify(value.value),
  );
  for (const value of changed) {
    const row = {
      formInstanceId: instanceId,
      formElementDefAssociationId: value.formElementDefAssociationId,
      formElementDefId: value.formElementDefId,
      value: value.value,
      updatedBy: auth.user.userId,
      updatedAt: now,
    };
    await tx
      .insert(formValues)
      .values(row)
      .onConflictDoUpdate({
        target: [formValues.formInstanceId, formValues.formElementDefAssociationId],
        set: { value: row.value, updatedBy: row.updatedBy, updatedAt: now },
      });
  }
  return { changed: changed.map((value) => value.formElementDefAssociationId), cleared };
}

/**
 * Spec: entities.forms.updateValues. Saves a filled form for one asset of a ticket, against the version it was
 * first filled with (the latest for a first save), and enters the work time sheet's new periods on the ticket.
 */
export function updateFormValues(db: Db, auth: AuthContext, body: UpdateBody, now = new Date()) {
  return db.transaction(async (tx) => {
    const ticket = await writableTicketAsset(tx, auth, body.entityId, body.assetId);
    const form = await readableForm(tx, auth, body.formId);
    if (!formFitsTicket(form, ticket)) throw notFound(FORM_NOT_FOUND);
    const key = { formId: form.formId, entityId: ticket.ticketId, assetId: body.assetId };
    let instance = await findInstance(tx, key, true);
    if (!instance) {
      const offeredOn = (await ticketTypesOf(tx, [form.formId])).get(form.formId) ?? [];
      if (!offeredOn.includes(UNIVERSAL_TICKET_TYPE) && !offeredOn.includes(ticket.typeValue)) {
        throw badField('body.formId', FORM_NOT_OFFERED);
      }
    }
    const version = instance?.formVersion ?? form.latestVersion;
    const elements = await loadFormElements(tx, form.formId, version);
    const { values, index } = checkedValues(body, elements);
    refuseInvalid(elements, values, index);
    const periods = readWorkTimeSheet(body.workTimeSheet, now);
    const isFormCompleted = Object.keys(validateForm(elements, values, { checkRequired: true })).length === 0;
    if (!instance) {
      [instance] = await tx
        .insert(formInstances)
        .values({
          ...key,
          formVersion: version,
          isFormCompleted,
          createdBy: auth.user.userId,
          updatedBy: auth.user.userId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      // Another first save of the same form committed meanwhile: continue from its row, locked.
      instance ??= await findInstance(tx, key, true);
      if (!instance) throw new Error('form instance neither inserted nor found');
    }
    const stored = await storeValues(tx, auth, instance.formInstanceId, values, now);
    const label = (await versionLabel(tx, form.formId, version)) ?? form.label;
    const timeEntryIds = await enterTimerPeriods(
      tx,
      auth.user.userId,
      ticket,
      { ...instance },
      periods,
      `Form: ${label}`,
    );
    const [saved] = await tx
      .update(formInstances)
      .set({ isFormCompleted, updatedBy: auth.user.userId, updatedAt: now })
      .where(eq(formInstances.formInstanceId, instance.formInstanceId))
      .returning();
    if (!saved) throw new Error('form instance not updated');
    await touchTicket(tx, ticket.ticketId, now);
    await recordEvent(tx, {
      name: 'forms.values.update',
      actorUserId: auth.user.userId,
      companyId: ticket.companyId,
      subjectType: 'ticket',
      subjectId: ticket.ticketId,
      data: {
        formId: form.formId,
        formVersion: version,
        assetId: body.assetId,
        isFormCompleted,
        changed: stored.changed,
        cleared: stored.cleared,
        timeEntryIds,
      },
    });
    const [presented] = await presentInstances(tx, [saved]);
    if (!presented) throw new Error('form instance not presented');
    return presented;
  });
}

/** The filled forms of a ticket the caller may see: visible assets only, forms in their scope. */
async function visibleInstances(
  db: Db,
  auth: AuthContext,
  body: { entityId: number; formIds?: number[] | undefined; assetIds?: number[] | undefined },
): Promise<FormInstanceRow[]> {
  await readableTicket(db, auth, body.entityId);
  const visible = await visibleTicketAssetIds(db, auth, body.entityId);
  const assetIds =
    body.assetIds === undefined ? visible : visible.filter((id) => body.assetIds?.includes(id));
  const scope = formScopeCondition(auth);
  return instancesOfTicket(db, body.entityId, {
    formIds: body.formIds,
    assetIds,
    formScope:
      scope === undefined
        ? undefined
        : inArray(formInstances.formId, db.select({ formId: forms.formId }).from(forms).where(scope)),
  });
}

export async function listFormValues(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formsListValues>,
): Promise<OutputOf<typeof contract.formsListValues>> {
  return { content: await presentInstances(db, await visibleInstances(db, auth, body)) };
}

export async function listFormMetadata(
  db: Db,
  auth: AuthContext,
  body: BodyOf<typeof contract.formsListMetadata>,
): Promise<OutputOf<typeof contract.formsListMetadata>> {
  return { content: await presentMetadata(db, await visibleInstances(db, auth, body)) };
}
