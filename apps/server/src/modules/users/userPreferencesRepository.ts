import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/database.ts';
import { userPreferences } from './userPreferencesTable.ts';

export type UserPreferencesRow = typeof userPreferences.$inferSelect;
/** The stored columns a write may set; a column left out keeps its value. */
export type UserPreferencesChanges = Partial<
  Pick<UserPreferencesRow, 'colorScheme' | 'timeZoneId' | 'unitsProfile' | 'demoMode'>
>;

export async function findUserPreferences(
  db: DbOrTx,
  userId: number,
): Promise<UserPreferencesRow | undefined> {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return row;
}

/** Writes the given columns of the user's row, creating it on their first choice. */
export async function saveUserPreferences(
  db: DbOrTx,
  userId: number,
  changes: UserPreferencesChanges,
): Promise<UserPreferencesRow> {
  const updatedAt = new Date();
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...changes, updatedAt })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...changes, updatedAt } })
    .returning();
  if (!row) throw new Error('Saving user preferences returned no row.');
  return row;
}
