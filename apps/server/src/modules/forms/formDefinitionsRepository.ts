import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { formElementDefOptionsSchema, formElementTypeSchema } from '@kelvin/contract';
import type { FormDefinition, FormElement, FormElementDefOptions } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  formElementAssociations,
  formElementDefs,
  formTicketTypes,
  formVersions,
  forms,
} from '../../platform/db/formsSchema.ts';
import { users } from '../../platform/db/schema.ts';

/** Options as stored: read through the contract's schema, so that a row edited by hand cannot leak odd keys. */
export function storedOptions(raw: unknown): FormElementDefOptions {
  const parsed = formElementDefOptionsSchema.safeParse(raw);
  return parsed.success ? parsed.data : {};
}

/** The element tree of one version of a form: groups hold their children, every level in display order. */
export async function loadFormElements(db: DbOrTx, formId: number, version: number): Promise<FormElement[]> {
  const rows = await db
    .select({
      formElementDefAssociationId: formElementAssociations.formElementDefAssociationId,
      formElementDefId: formElementAssociations.formElementDefId,
      parentFormElementDefId: formElementAssociations.parentFormElementDefId,
      isRequired: formElementAssociations.isRequired,
      displayOrder: formElementAssociations.displayOrder,
      label: formElementDefs.label,
      type: formElementDefs.type,
      options: formElementDefs.options,
    })
    .from(formElementAssociations)
    .innerJoin(
      formElementDefs,
      eq(formElementDefs.formElementDefId, formElementAssociations.formElementDefId),
    )
    .where(and(eq(formElementAssociations.formId, formId), eq(formElementAssociations.version, version)))
    .orderBy(
      asc(formElementAssociations.displayOrder),
      asc(formElementAssociations.formElementDefAssociationId),
    );
  const byDefId = new Map<number, FormElement>();
  for (const row of rows) {
    const type = formElementTypeSchema.safeParse(row.type);
    if (!type.success) continue;
    byDefId.set(row.formElementDefId, {
      formElementDefAssociationId: row.formElementDefAssociationId,
      formElementDefId: row.formElementDefId,
      label: row.label,
      rootFormId: formId,
      parentFormElementDefId: row.parentFormElementDefId,
      isRequired: row.isRequired,
      displayOrder: row.displayOrder,
      type: type.data,
      elements: [],
      formElementDefOptions: storedOptions(row.options),
    });
  }
  const roots: FormElement[] = [];
  // Rows come in display order, so each level fills in order.
  for (const element of byDefId.values()) {
    const parent =
      element.parentFormElementDefId === null ? undefined : byDefId.get(element.parentFormElementDefId);
    (parent ? parent.elements : roots).push(element);
  }
  return roots;
}

export async function ticketTypesOf(db: DbOrTx, formIds: readonly number[]): Promise<Map<number, number[]>> {
  const byForm = new Map<number, number[]>();
  if (formIds.length === 0) return byForm;
  const rows = await db
    .select()
    .from(formTicketTypes)
    .where(inArray(formTicketTypes.formId, [...formIds]))
    .orderBy(asc(formTicketTypes.ticketTypeValue));
  for (const row of rows) byForm.set(row.formId, [...(byForm.get(row.formId) ?? []), row.ticketTypeValue]);
  return byForm;
}

export async function replaceTicketTypes(
  db: DbOrTx,
  formId: number,
  values: readonly number[],
): Promise<void> {
  await db.delete(formTicketTypes).where(eq(formTicketTypes.formId, formId));
  const unique = [...new Set(values)];
  if (unique.length > 0) {
    await db.insert(formTicketTypes).values(unique.map((ticketTypeValue) => ({ formId, ticketTypeValue })));
  }
}

export async function versionsOf(db: DbOrTx, formIds: readonly number[]) {
  if (formIds.length === 0) return [];
  return db
    .select({
      formId: formVersions.formId,
      version: formVersions.version,
      label: formVersions.label,
      createdAt: formVersions.createdAt,
      createdByName: users.name,
    })
    .from(formVersions)
    .leftJoin(users, eq(users.userId, formVersions.createdBy))
    .where(inArray(formVersions.formId, [...formIds]))
    .orderBy(asc(formVersions.formId), desc(formVersions.version));
}

export async function versionLabel(db: DbOrTx, formId: number, version: number): Promise<string | undefined> {
  const [row] = await db
    .select({ label: formVersions.label })
    .from(formVersions)
    .where(and(eq(formVersions.formId, formId), eq(formVersions.version, version)));
  return row?.label;
}

/** A form at a version as the contract's definition: elements, latest version, company, ticket types. */
export async function loadDefinition(
  db: DbOrTx,
  form: typeof forms.$inferSelect,
  version: number,
): Promise<FormDefinition & { latestVersion: number; companyId: number | null; ticketTypeValues: number[] }> {
  const [formElements, types, label] = await Promise.all([
    loadFormElements(db, form.formId, version),
    ticketTypesOf(db, [form.formId]),
    versionLabel(db, form.formId, version),
  ]);
  return {
    formId: form.formId,
    label: label ?? form.label,
    version,
    formElements,
    latestVersion: form.latestVersion,
    companyId: form.companyId,
    ticketTypeValues: types.get(form.formId) ?? [],
  };
}
