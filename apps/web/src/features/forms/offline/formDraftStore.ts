import type { FormTimeEntry, FormValue } from '@kelvin/domain';

/**
 * Forms filled without a network, kept on the device (IndexedDB) until they are sent: a technician in a data hall
 * keeps filling and timing a form, adds photos, saves, and nothing is lost when the tab closes or the phone sleeps.
 * One draft per filled form (ticket, form, asset) and user; a later save on the device replaces it.
 */
export interface FormDraftAttachment {
  filename: string;
  contentType: string;
  file: Blob;
}

export interface FormDraft {
  ticketId: number;
  formId: number;
  assetId: number;
  /** Whose draft: another user signed in on the same device neither sees nor sends it. */
  userId: number;
  /** The form's version the values were filled against. */
  formVersion: number;
  /** The server's values when the form was opened: what tells the user's changes from others'. */
  baseValues: FormValue[];
  values: FormValue[];
  workTimeSheet: FormTimeEntry[];
  newAttachments: FormDraftAttachment[];
  deletedAttachmentIds: number[];
  /** ISO instant of the save on the device. */
  savedAt: string;
}

const DATABASE = 'kelvin-offline';
const STORE = 'formDrafts';
const VERSION = 1;

export const draftKey = (draft: Pick<FormDraft, 'userId' | 'ticketId' | 'formId' | 'assetId'>): string =>
  `${draft.userId}:${draft.ticketId}:${draft.formId}:${draft.assetId}`;

let opening: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('The device storage could not be opened'));
    };
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDatabase().then(
    (database) =>
      new Promise<T>((resolve, reject) => {
        const transaction = database.transaction(STORE, mode);
        const request = act(transaction.objectStore(STORE));
        // Resolved once the transaction is durable, not when the request alone succeeds.
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? new Error('The device storage failed'));
        transaction.onabort = () => reject(transaction.error ?? new Error('The device storage was aborted'));
      }),
  );
}

export async function saveFormDraft(draft: FormDraft): Promise<void> {
  await run('readwrite', (store) => store.put(draft, draftKey(draft)));
}

export async function loadFormDraft(
  key: Pick<FormDraft, 'userId' | 'ticketId' | 'formId' | 'assetId'>,
): Promise<FormDraft | null> {
  const found: unknown = await run('readonly', (store) => store.get(draftKey(key)));
  return isFormDraft(found) ? found : null;
}

export async function deleteFormDraft(
  key: Pick<FormDraft, 'userId' | 'ticketId' | 'formId' | 'assetId'>,
): Promise<void> {
  await run('readwrite', (store) => store.delete(draftKey(key)));
}

/** The user's drafts not sent yet, oldest first: what waits for the network. */
export async function listFormDrafts(userId: number): Promise<FormDraft[]> {
  const all: unknown[] = await run('readonly', (store) => store.getAll());
  return all
    .filter(isFormDraft)
    .filter((draft) => draft.userId === userId)
    .sort((a, b) => a.savedAt.localeCompare(b.savedAt));
}

/** What IndexedDB gives back is structured-cloned data of unknown shape: checked before use. */
function isFormDraft(value: unknown): value is FormDraft {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Record<string, unknown> = { ...value };
  return (
    ['ticketId', 'formId', 'assetId', 'userId', 'formVersion'].every(
      (name) => typeof fields[name] === 'number',
    ) &&
    ['baseValues', 'values', 'workTimeSheet', 'newAttachments', 'deletedAttachmentIds'].every((name) =>
      Array.isArray(fields[name]),
    ) &&
    typeof fields.savedAt === 'string'
  );
}
