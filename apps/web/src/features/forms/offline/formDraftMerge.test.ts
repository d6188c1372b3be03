import { describe, expect, it } from 'vitest';
import type { FormValue, TypedFormValue } from '@kelvin/domain';
import { findFormConflicts, mergeFormDraft } from './formDraftMerge.ts';

const text = (id: number, value: string): FormValue => ({
  formElementDefAssociationId: id,
  formElementDefId: id,
  formId: 1,
  value: { type: 'text', value },
});
const number = (id: number, value: number): FormValue => ({
  formElementDefAssociationId: id,
  formElementDefId: id,
  formId: 1,
  value: { type: 'number', value },
});
const shown = (values: FormValue[]) =>
  Object.fromEntries(
    values.map((one): [number, TypedFormValue | null] => [one.formElementDefAssociationId, one.value]),
  );

describe('a form saved on the device, against the server meanwhile', () => {
  const base = [text(1, 'ok'), number(2, 20), text(3, 'filter clean')];

  it('is no conflict where only one side changed, or both alike', () => {
    const device = [text(1, 'belt worn'), number(2, 20), text(3, 'filter clean')];
    const server = [text(1, 'ok'), number(2, 21.5), text(3, 'filter clean')];
    expect(findFormConflicts(base, device, server)).toEqual([]);
    expect(findFormConflicts(base, device, device)).toEqual([]);
  });

  it("keeps the device's changes and the server's, so that nobody's change is put back", () => {
    const device = [text(1, 'belt worn'), number(2, 20), text(3, 'filter clean')];
    const server = [text(1, 'ok'), number(2, 21.5), text(3, 'filter clean')];
    expect(shown(mergeFormDraft(base, device, server))).toEqual({
      1: { type: 'text', value: 'belt worn' },
      2: { type: 'number', value: 21.5 },
      3: { type: 'text', value: 'filter clean' },
    });
  });

  it('finds the fields both changed differently, with all three values, and sends only what the user chose', () => {
    const device = [text(1, 'ok'), number(2, 19), text(3, 'filter clean')];
    const server = [text(1, 'ok'), number(2, 22), text(3, 'filter replaced')];
    expect(findFormConflicts(base, device, server)).toEqual([
      {
        formElementDefAssociationId: 2,
        base: { type: 'number', value: 20 },
        device: { type: 'number', value: 19 },
        server: { type: 'number', value: 22 },
      },
    ]);
    expect(() => mergeFormDraft(base, device, server)).toThrow(/no choice/);
    expect(shown(mergeFormDraft(base, device, server, { 2: 'device' }))[2]).toEqual({
      type: 'number',
      value: 19,
    });
    expect(shown(mergeFormDraft(base, device, server, { 2: 'server' }))[2]).toEqual({
      type: 'number',
      value: 22,
    });
    // The server's own change elsewhere survives either way.
    expect(shown(mergeFormDraft(base, device, server, { 2: 'device' }))[3]).toEqual({
      type: 'text',
      value: 'filter replaced',
    });
  });

  it('sends a value the device cleared as cleared, and one it never had as the server has it', () => {
    const device = [{ ...text(1, ''), value: null }, number(2, 20), text(3, 'filter clean')];
    const server = [text(1, 'ok'), number(2, 20), text(3, 'filter clean'), text(4, 'added on the server')];
    const merged = shown(mergeFormDraft(base, device, server));
    expect(merged[1]).toBeUndefined();
    expect(merged[4]).toEqual({ type: 'text', value: 'added on the server' });
  });
});
