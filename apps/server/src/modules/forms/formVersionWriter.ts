import { and, eq, inArray } from 'drizzle-orm';
import type { FormElementInput } from '@kelvin/contract';
import type { FormElementDefOptions } from '@kelvin/domain';
import { badField } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  formElementAssociations,
  formElementDefs,
  formVersions,
  forms,
} from '../../platform/db/formsSchema.ts';
import { companies } from '../../platform/db/schema.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { replaceTicketTypes, storedOptions } from './formDefinitionsRepository.ts';
import { planFormElements } from './formDefinitionRules.ts';
import type { FormRow } from './formsAccess.ts';

/** Options without empty entries, keys sorted: how they are stored, and how two definitions are compared. */
function normalOptions(options: FormElementDefOptions): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(options)
      .filter(([, value]) => value !== undefined && value !== null)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

const sameDefinition = (
  row: { label: string; type: string; options: unknown },
  input: FormElementInput,
): boolean =>
  row.label === input.label &&
  row.type === input.type &&
  JSON.stringify(normalOptions(storedOptions(row.options))) ===
    JSON.stringify(normalOptions(input.formElementDefOptions));

/**
 * Writes one version of a form: an unchanged element keeps its definition (by formElementDefId), a changed or new
 * one gets a new definition, and every element a new association placing it in this version.
 */
export async function writeVersion(
  tx: DbOrTx,
  formId: number,
  version: number,
  body: { label: string; formElements: readonly FormElementInput[] },
  userId: number,
): Promise<void> {
  const planned = planFormElements(body.formElements);
  await tx.insert(formVersions).values({ formId, version, label: body.label, createdBy: userId });
  const reusedIds = planned.flatMap(({ input }) =>
    input.formElementDefId === undefined ? [] : [input.formElementDefId],
  );
  const existing = new Map(
    reusedIds.length === 0
      ? []
      : (
          await tx
            .select()
            .from(formElementDefs)
            .where(
              and(eq(formElementDefs.formId, formId), inArray(formElementDefs.formElementDefId, reusedIds)),
            )
        ).map((row) => [row.formElementDefId, row]),
  );
  const defIdByIndex = new Map<number, number>();
  const fresh: { index: number; input: FormElementInput }[] = [];
  for (const { input, index } of planned) {
    if (input.formElementDefId === undefined) {
      fresh.push({ index, input });
      continue;
    }
    const row = existing.get(input.formElementDefId);
    if (!row) {
      throw badField(
        `body.formElements.${index}.formElementDefId`,
        'No element definition of this form has this id.',
      );
    }
    if (sameDefinition(row, input)) defIdByIndex.set(index, row.formElementDefId);
    else fresh.push({ index, input });
  }
  if (fresh.length > 0) {
    // PostgreSQL returns the rows of a multi-row VALUES in the order given.
    const inserted = await tx
      .insert(formElementDefs)
      .values(
        fresh.map(({ input }) => ({
          formId,
          label: input.label,
          type: input.type,
          options: normalOptions(input.formElementDefOptions),
        })),
      )
      .returning({ formElementDefId: formElementDefs.formElementDefId });
    fresh.forEach(({ index }, at) => {
      const row = inserted[at];
      if (!row) throw new Error('element definition not inserted');
      defIdByIndex.set(index, row.formElementDefId);
    });
  }
  if (planned.length === 0) return;
  const defId = (index: number) => {
    const id = defIdByIndex.get(index);
    if (id === undefined) throw new Error(`element ${index} has no definition`);
    return id;
  };
  await tx.insert(formElementAssociations).values(
    planned.map(({ input, index, parentIndex, displayOrder }) => ({
      formId,
      version,
      formElementDefId: defId(index),
      parentFormElementDefId: parentIndex === null ? null : defId(parentIndex),
      isRequired: input.isRequired,
      displayOrder,
    })),
  );
}

/** What a new form is made of: label, elements, the company it belongs to (null: catalogue), its ticket types. */
export interface NewFormDefinition {
  label: string;
  formElements: readonly FormElementInput[];
  companyId: number | null;
  ticketTypeValues: readonly number[];
}

/** Writes a form at version 1 with its ticket types, audited; the caller has authorized (the demo seeds it too). */
export async function insertFormDefinition(
  tx: DbOrTx,
  input: NewFormDefinition,
  userId: number,
): Promise<FormRow> {
  if (input.companyId !== null) {
    const [company] = await tx
      .select({ companyId: companies.companyId })
      .from(companies)
      .where(and(eq(companies.companyId, input.companyId), eq(companies.isDeleted, false)));
    if (!company) throw badField('body.companyId', 'No such company.');
  }
  const [form] = await tx
    .insert(forms)
    .values({ label: input.label, companyId: input.companyId, latestVersion: 1, createdBy: userId })
    .returning();
  if (!form) throw new Error('form not inserted');
  await writeVersion(tx, form.formId, 1, input, userId);
  await replaceTicketTypes(tx, form.formId, input.ticketTypeValues);
  await recordEvent(tx, {
    name: 'forms.definitions.create',
    actorUserId: userId,
    companyId: form.companyId,
    subjectType: 'form',
    subjectId: form.formId,
    data: {
      label: input.label,
      version: 1,
      elementCount: input.formElements.length,
      ticketTypeValues: [...input.ticketTypeValues],
    },
  });
  return form;
}
