import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormValue } from '@kelvin/domain';
import { fakeApi, type FakeRequest } from '../../../test/fakeApi.ts';
import { listFormDrafts, loadFormDraft, saveFormDraft, type FormDraft } from './formDraftStore.ts';
import { sendFormDraft } from './formDraftSync.ts';

const reading = (id: number, value: number): FormValue => ({
  formElementDefAssociationId: id,
  formElementDefId: id,
  formId: 3,
  value: { type: 'number', value },
});

function draft(overrides: Partial<FormDraft> = {}): FormDraft {
  return {
    ticketId: 41,
    formId: 3,
    assetId: 9,
    userId: 7,
    formVersion: 2,
    baseValues: [reading(1, 20), reading(2, 30)],
    values: [reading(1, 24), reading(2, 30)],
    workTimeSheet: [{ startTimestamp: '2026-11-27T09:00:00.000Z', elapsedDuration: 'PT12M' }],
    newAttachments: [{ filename: 'coil.jpg', contentType: 'image/jpeg', file: new Blob(['jpeg bytes']) }],
    deletedAttachmentIds: [55],
    savedAt: '2026-11-27T09:12:00.000Z',
    ...overrides,
  };
}

function serverHolding(values: FormValue[]) {
  const instance = {
    formId: 3,
    entityType: 'TICKET',
    entityId: 41,
    assetId: 9,
    isFormCompleted: false,
    formVersion: 2,
    formTimeTracker: [],
    updatedAt: '2026-11-27T09:05:00.000Z',
    updatedByName: 'Dana Field',
    formValues: values,
  };
  return fakeApi([
    { method: 'POST', path: /^\/entities\.forms\.listValues$/, reply: { body: { content: [instance] } } },
    {
      method: 'POST',
      path: /^\/entities\.forms\.updateValues$/,
      reply: (request: FakeRequest) => ({ body: { ...instance, formValues: bodyValues(request) } }),
    },
    { method: 'POST', path: /^\/entities\.forms\.createAttachment$/, reply: { body: {} } },
    { method: 'POST', path: /^\/entities\.forms\.deleteAttachment$/, reply: { body: {} } },
  ]);
}

function bodyValues(request: FakeRequest): unknown {
  return typeof request.body === 'object' && request.body !== null && 'formValues' in request.body
    ? request.body.formValues
    : undefined;
}

afterEach(() => vi.unstubAllGlobals());

describe('a form saved on the device', () => {
  it('is kept across a reload, per user, until it is sent', async () => {
    await saveFormDraft(draft());
    await saveFormDraft(draft({ userId: 8, savedAt: '2026-11-27T08:00:00.000Z' }));
    const kept = await loadFormDraft({ userId: 7, ticketId: 41, formId: 3, assetId: 9 });
    expect(kept?.values).toEqual(draft().values);
    // jsdom's Blob does not survive the fake store's structured clone whole; Chromium's IndexedDB keeps it (e2e).
    expect(kept?.newAttachments[0]).toMatchObject({ filename: 'coil.jpg', contentType: 'image/jpeg' });
    expect((await listFormDrafts(7)).map((one) => one.userId)).toEqual([7]);
  });

  it("is sent with the server's other changes kept, its time and its files, and then forgotten", async () => {
    await saveFormDraft(draft());
    const { requests } = serverHolding([reading(1, 20), reading(2, 31)]);
    const outcome = await sendFormDraft(draft());
    expect(outcome.kind).toBe('sent');
    const update = requests.find((request) => request.path === '/entities.forms.updateValues');
    expect(bodyValues(update ?? { method: '', path: '', body: null })).toEqual([
      reading(1, 24),
      reading(2, 31),
    ]);
    expect(update?.body).toMatchObject({ workTimeSheet: draft().workTimeSheet, assetId: 9, entityId: 41 });
    expect(requests.filter((request) => request.path === '/entities.forms.createAttachment')).toHaveLength(1);
    expect(requests.filter((request) => request.path === '/entities.forms.deleteAttachment')).toHaveLength(1);
    expect(await loadFormDraft(draft())).toBeNull();
  });

  it('stops at a field someone else changed too, sends nothing, and sends once the user has chosen', async () => {
    await saveFormDraft(draft());
    const { requests } = serverHolding([reading(1, 22), reading(2, 30)]);
    const outcome = await sendFormDraft(draft());
    expect(outcome).toMatchObject({
      kind: 'conflicts',
      serverUpdatedBy: 'Dana Field',
      conflicts: [{ formElementDefAssociationId: 1, device: { value: 24 }, server: { value: 22 } }],
    });
    expect(requests.map((request) => request.path)).toEqual(['/entities.forms.listValues']);
    expect(await loadFormDraft(draft())).not.toBeNull();
    const chosen = await sendFormDraft(draft(), { 1: 'server' });
    expect(chosen.kind).toBe('sent');
    const update = requests.find((request) => request.path === '/entities.forms.updateValues');
    expect(bodyValues(update ?? { method: '', path: '', body: null })).toEqual([
      reading(1, 22),
      reading(2, 30),
    ]);
  });
});
