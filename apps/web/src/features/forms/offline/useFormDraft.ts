import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNetwork } from '@mantine/hooks';
import { notify, showAlert } from '../../../app/toasts/toasts.ts';
import { errorMessage } from '../../../shared/ui/ErrorScreen.tsx';
import { formKeys, type FormInstanceKey } from '../formsQueries.ts';
import type { ConflictChoices } from './formDraftMerge.ts';
import { loadFormDraft, saveFormDraft, type FormDraft } from './formDraftStore.ts';
import { sendFormDraft, type DraftSendOutcome } from './formDraftSync.ts';

/** Texts of the device drafts (the spec does not show offline work). */
export const SAVED_ON_DEVICE_MESSAGE =
  'No network: the form is saved on this device and will be sent when the network is back.';
export const SENT_MESSAGE = 'The form saved on this device has been sent.';

type Conflicted = Extract<DraftSendOutcome, { kind: 'conflicts' }>;

export interface FormDraftState {
  /** The draft waiting on this device, if any. */
  draft: FormDraft | null;
  online: boolean;
  sending: boolean;
  /** How many drafts of this form were sent since the screen opened: the form is drawn again from the server's. */
  sentCount: number;
  /** Fields someone else changed too: the user chooses before the draft is sent. */
  conflicted: Conflicted | null;
  keepOnDevice: (draft: FormDraft) => Promise<void>;
  send: (choices?: ConflictChoices) => Promise<void>;
  /** Puts the choice off: the draft stays on the device. */
  postpone: () => void;
}

/**
 * The device draft of one filled form: found when the screen opens, sent as soon as the browser is online (and at
 * each return of the network), with the user's choices when someone else changed the same fields meanwhile.
 */
export function useFormDraft(key: FormInstanceKey, userId: number | undefined): FormDraftState {
  const queryClient = useQueryClient();
  const { online } = useNetwork();
  const [draft, setDraft] = useState<FormDraft | null>(null);
  const [sending, setSending] = useState(false);
  const [conflicted, setConflicted] = useState<Conflicted | null>(null);
  const [sentCount, setSentCount] = useState(0);
  const draftRef = useRef<FormDraft | null>(null);
  const sendingRef = useRef(false);
  const { ticketId, formId, assetId } = key;

  const sendDraft = useCallback(
    async (pending: FormDraft, choices?: ConflictChoices) => {
      if (sendingRef.current) return;
      sendingRef.current = true;
      setSending(true);
      try {
        const outcome = await sendFormDraft(pending, choices);
        if (outcome.kind === 'conflicts') {
          setConflicted(outcome);
          return;
        }
        draftRef.current = null;
        setDraft(null);
        setSentCount((count) => count + 1);
        setConflicted(null);
        queryClient.setQueryData(formKeys.instance({ ticketId, formId, assetId }), outcome.instance);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: formKeys.ticket(ticketId) }),
          queryClient.invalidateQueries({ queryKey: ['tickets'] }),
        ]);
        notify({ kind: 'success', message: SENT_MESSAGE });
      } catch (error) {
        // Still offline, or refused: the draft stays on the device and the user hears why.
        if (navigator.onLine) notify({ kind: 'danger', message: errorMessage(error) });
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [queryClient, ticketId, formId, assetId],
  );

  // The draft waiting on this device is sent as soon as it is found with a network, and at each return of it.
  useEffect(() => {
    if (userId === undefined) return;
    let active = true;
    loadFormDraft({ userId, ticketId, formId, assetId }).then(
      (found) => {
        if (!active) return;
        draftRef.current = found;
        setDraft(found);
        if (found && navigator.onLine) void sendDraft(found);
      },
      () => undefined,
    );
    const onOnline = () => {
      if (draftRef.current) void sendDraft(draftRef.current);
    };
    window.addEventListener('online', onOnline);
    return () => {
      active = false;
      window.removeEventListener('online', onOnline);
    };
  }, [userId, ticketId, formId, assetId, sendDraft]);

  const send = useCallback(
    async (choices?: ConflictChoices) => {
      if (draftRef.current) await sendDraft(draftRef.current, choices);
    },
    [sendDraft],
  );

  const keepOnDevice = useCallback(async (next: FormDraft) => {
    await saveFormDraft(next);
    draftRef.current = next;
    setDraft(next);
    showAlert(SAVED_ON_DEVICE_MESSAGE);
  }, []);

  // 'Later': the draft stays; it is offered again when the network returns or the user sends it.
  const postpone = useCallback(() => setConflicted(null), []);
  return { draft, online, sending, sentCount, conflicted, keepOnDevice, send, postpone };
}
