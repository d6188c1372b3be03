import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetNotes, users } from '../../platform/db/schema.ts';

const noteColumns = {
  assetNoteId: assetNotes.assetNoteId,
  assetId: assetNotes.assetId,
  userId: assetNotes.userId,
  userName: users.name,
  note: assetNotes.note,
  createdAt: assetNotes.createdAt,
  updatedAt: assetNotes.updatedAt,
};

export async function listNotes(db: DbOrTx, assetId: number) {
  return db
    .select(noteColumns)
    .from(assetNotes)
    .leftJoin(users, eq(users.userId, assetNotes.userId))
    .where(and(eq(assetNotes.assetId, assetId), eq(assetNotes.isDeleted, false)))
    .orderBy(desc(assetNotes.createdAt), desc(assetNotes.assetNoteId));
}

export type NoteRow = Awaited<ReturnType<typeof listNotes>>[number];

export async function findNote(db: DbOrTx, assetNoteId: number): Promise<NoteRow | undefined> {
  const [row] = await db
    .select(noteColumns)
    .from(assetNotes)
    .leftJoin(users, eq(users.userId, assetNotes.userId))
    .where(and(eq(assetNotes.assetNoteId, assetNoteId), eq(assetNotes.isDeleted, false)));
  return row;
}

export async function insertNote(
  db: DbOrTx,
  values: { assetId: number; userId: number; note: string },
): Promise<number> {
  const [row] = await db.insert(assetNotes).values(values).returning({ id: assetNotes.assetNoteId });
  if (!row) throw new Error('The note was not created.');
  return row.id;
}

export async function updateNote(
  db: DbOrTx,
  assetNoteId: number,
  values: { note?: string; isDeleted?: boolean },
) {
  await db
    .update(assetNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(assetNotes.assetNoteId, assetNoteId));
}
