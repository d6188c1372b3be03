import type { AssetNote } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { requirePermission } from '../../http/authorize.ts';
import { notFound } from '../../http/httpError.ts';
import type { Db, DbOrTx } from '../../platform/db/database.ts';
import { recordEvent } from '../events/recordEvent.ts';
import { findNote, insertNote, listNotes, updateNote, type NoteRow } from './assetNotesRepository.ts';
import { loadVisibleAsset, READ, WRITE } from './assetsService.ts';

function presentNote(row: NoteRow): AssetNote {
  return {
    assetNoteId: row.assetNoteId,
    assetId: row.assetId,
    userId: row.userId,
    userName: row.userName,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A note is reached through its asset: a note on an asset the caller cannot see is missing. */
async function loadWritableNote(tx: DbOrTx, auth: AuthContext, assetNoteId: number) {
  requirePermission(auth, WRITE);
  const note = await findNote(tx, assetNoteId);
  if (!note) throw notFound('Note not found.');
  const asset = await loadVisibleAsset(tx, auth, WRITE, note.assetId).catch(() => undefined);
  if (!asset) throw notFound('Note not found.');
  return { note, asset };
}

export async function listAssetNotes(db: DbOrTx, auth: AuthContext, assetId: number): Promise<AssetNote[]> {
  await loadVisibleAsset(db, auth, READ, assetId);
  return (await listNotes(db, assetId)).map(presentNote);
}

/**
 * Notes are written by anyone holding assets:write on the asset; editing and deleting are not limited to the
 * author (the spec is silent), so that an administrator can correct or remove a colleague's note. The event
 * trail keeps who did what.
 */
export async function createAssetNote(
  db: Db,
  auth: AuthContext,
  assetId: number,
  note: string,
): Promise<AssetNote> {
  return db.transaction(async (tx) => {
    const asset = await loadVisibleAsset(tx, auth, WRITE, assetId);
    const assetNoteId = await insertNote(tx, { assetId, userId: auth.user.userId, note });
    await recordEvent(tx, {
      name: 'assets.notes.create',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: assetId,
      data: { assetNoteId },
    });
    const created = await findNote(tx, assetNoteId);
    if (!created) throw new Error('The note vanished.');
    return presentNote(created);
  });
}

export async function updateAssetNote(
  db: Db,
  auth: AuthContext,
  assetNoteId: number,
  text: string,
): Promise<AssetNote> {
  return db.transaction(async (tx) => {
    const { asset } = await loadWritableNote(tx, auth, assetNoteId);
    await updateNote(tx, assetNoteId, { note: text });
    await recordEvent(tx, {
      name: 'assets.notes.update',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: { assetNoteId },
    });
    const updated = await findNote(tx, assetNoteId);
    if (!updated) throw new Error('The note vanished.');
    return presentNote(updated);
  });
}

export async function deleteAssetNote(db: Db, auth: AuthContext, assetNoteId: number): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const { asset } = await loadWritableNote(tx, auth, assetNoteId);
    await updateNote(tx, assetNoteId, { isDeleted: true });
    await recordEvent(tx, {
      name: 'assets.notes.delete',
      actorUserId: auth.user.userId,
      companyId: asset.companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: { assetNoteId },
    });
    return { ok: true as const };
  });
}
