import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_ELEMENT_TYPES, validateForm, walkFormElements } from '@kelvin/domain';
import { seedDemo } from '../../demo/seedDemo.ts';
import type { Database } from '../../platform/db/database.ts';
import { formInstances, formTicketTypes, formTimeEntries, forms } from '../../platform/db/formsSchema.ts';
import { timeEntries } from '../../platform/db/ticketsSchema.ts';
import { openTestDatabase } from '../../testing/testServer.ts';
import { loadFormElements } from './formDefinitionsRepository.ts';
import { presentInstances } from './formInstancesRepository.ts';

describe('demo checklists (seedDemo)', () => {
  let database: Database;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database.db, {
      dataDir: mkdtempSync(path.join(tmpdir(), 'kelvin-forms-demo-')),
      password: 'demo forms',
    });
  }, 120_000);
  afterAll(() => database.close());

  it('carries three checklists on their ticket types, each with nested sections, every element type and metric bindings', async () => {
    const rows = await db().select().from(forms).orderBy(forms.formId);
    expect(rows.map((form) => form.label)).toEqual([
      'Start-up commissioning – CRAH',
      'Quarterly preventive maintenance – CRAH',
      'Incident inspection',
    ]);
    const types = await db().select().from(formTicketTypes).orderBy(formTicketTypes.formId);
    expect(types.map((row) => row.ticketTypeValue)).toEqual([8, 1, 0]);
    for (const form of rows) {
      const elements = await loadFormElements(db(), form.formId, 1);
      const all = walkFormElements(elements);
      expect(new Set(all.map((element) => element.type))).toEqual(new Set(FORM_ELEMENT_TYPES));
      expect(elements[0]?.label).toBe('Section 1 – Visual inspection');
      expect(all.some((element) => element.type === 'group' && element.parentFormElementDefId !== null)).toBe(
        true,
      );
      expect(
        all.some((element) => element.formElementDefOptions.metricAlias === 'temperature.supplyAir'),
      ).toBe(true);
    }
  });

  it('fills forms on the demo tickets, complete and half-filled, valid for their version, with the timer as time entries', async () => {
    const instances = await db().select().from(formInstances).orderBy(formInstances.formInstanceId);
    expect(instances.length).toBeGreaterThanOrEqual(6);
    expect(instances.some((row) => row.isFormCompleted)).toBe(true);
    expect(instances.some((row) => !row.isFormCompleted)).toBe(true);
    for (const presented of await presentInstances(db(), instances)) {
      const elements = await loadFormElements(db(), presented.formId, presented.formVersion);
      expect(validateForm(elements, presented.formValues, { checkRequired: false })).toEqual({});
      const complete =
        Object.keys(validateForm(elements, presented.formValues, { checkRequired: true })).length === 0;
      expect(presented.isFormCompleted).toBe(complete);
      expect(presented.formTimeTracker.length).toBeGreaterThan(0);
    }
    const periods = await db().select().from(formTimeEntries).where(isNotNull(formTimeEntries.timeEntryId));
    expect(periods.length).toBeGreaterThanOrEqual(instances.length);
    const [period] = periods;
    const [entry] = await db()
      .select()
      .from(timeEntries)
      .where(eq(timeEntries.timeEntryId, period?.timeEntryId ?? 0));
    expect(entry?.description).toMatch(/^Form: /);
  });
});
