import 'fake-indexeddb/auto';
import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormValue } from '@kelvin/domain';
import { createQueryClient } from '../../../app/queryClient.ts';
import { fakeApi } from '../../../test/fakeApi.ts';
import { deleteFormDraft, loadFormDraft, saveFormDraft, type FormDraft } from './formDraftStore.ts';
import { useFormDraft } from './useFormDraft.ts';

const key = { ticketId: 52, formId: 4, assetId: 11 };
const USER = 7;
const reading = (value: number): FormValue => ({
  formElementDefAssociationId: 1,
  formElementDefId: 1,
  formId: 4,
  value: { type: 'number', value },
});
const draft: FormDraft = {
  ...key,
  userId: USER,
  formVersion: 1,
  baseValues: [reading(20)],
  values: [reading(24)],
  workTimeSheet: [],
  newAttachments: [],
  deletedAttachmentIds: [],
  savedAt: '2026-11-27T09:12:00.000Z',
};

function serverWith(value: number) {
  const instance = {
    formId: 4,
    entityType: 'TICKET',
    entityId: 52,
    assetId: 11,
    isFormCompleted: false,
    formVersion: 1,
    formTimeTracker: [],
    updatedAt: '2026-11-27T09:05:00.000Z',
    updatedByName: 'Dana Field',
    formValues: [reading(value)],
  };
  return fakeApi([
    { method: 'POST', path: /^\/entities\.forms\.listValues$/, reply: { body: { content: [instance] } } },
    { method: 'POST', path: /^\/entities\.forms\.updateValues$/, reply: { body: instance } },
  ]);
}

function renderDraft() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useFormDraft(key, USER), { wrapper });
}

const updates = (requests: { path: string }[]) =>
  requests.filter((request) => request.path === '/entities.forms.updateValues').length;

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await deleteFormDraft(draft);
});

describe('useFormDraft', () => {
  it('keeps a save made without a network on the device, and sends it when the network returns', async () => {
    const { requests } = serverWith(20);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderDraft();
    await act(() => result.current.keepOnDevice(draft));
    expect(await loadFormDraft(draft)).not.toBeNull();
    expect(updates(requests)).toBe(0);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(result.current.draft).toBeNull());
    expect(updates(requests)).toBe(1);
    expect(await loadFormDraft(draft)).toBeNull();
  });

  it('sends a draft it finds on opening with a network', async () => {
    await saveFormDraft(draft);
    const { requests } = serverWith(20);
    const { result } = renderDraft();
    await waitFor(() => expect(updates(requests)).toBe(1));
    await waitFor(() => expect(result.current.draft).toBeNull());
  });

  it('asks when the server changed the same field, and Later sends nothing until the network returns', async () => {
    await saveFormDraft(draft);
    const { requests } = serverWith(22);
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.conflicted?.conflicts).toHaveLength(1));
    act(() => result.current.postpone());
    expect(result.current.conflicted).toBeNull();
    expect(updates(requests)).toBe(0);
    expect(result.current.draft).not.toBeNull();
    await act(() => result.current.send({ 1: 'device' }));
    expect(updates(requests)).toBe(1);
    expect(result.current.draft).toBeNull();
  });
});
