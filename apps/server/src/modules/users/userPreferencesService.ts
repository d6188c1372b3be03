import {
  colorSchemeSchema,
  defaultUserPreferences,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  findUserPreferences,
  saveUserPreferences,
  type UserPreferencesChanges,
  type UserPreferencesRow,
} from './userPreferencesRepository.ts';

/** The presenter: every preference, the default where the user never chose (or a stored value is no longer known). */
export function presentUserPreferences(row: UserPreferencesRow | undefined): UserPreferences {
  return {
    colorScheme: colorSchemeSchema
      .catch(defaultUserPreferences.colorScheme)
      .parse(row?.colorScheme ?? undefined),
  };
}

/** The caller's own preferences. Any signed-in user has their own, and nobody reads another's: no id is taken. */
export async function getOwnPreferences(db: DbOrTx, auth: AuthContext): Promise<UserPreferences> {
  return presentUserPreferences(await findUserPreferences(db, auth.user.userId));
}

/** Changes only the named preferences of the caller's own; an update naming none changes nothing. */
export async function updateOwnPreferences(
  db: DbOrTx,
  auth: AuthContext,
  update: UserPreferencesUpdate,
): Promise<UserPreferences> {
  const changes: UserPreferencesChanges = {};
  if (update.colorScheme !== undefined) changes.colorScheme = update.colorScheme;
  if (Object.keys(changes).length === 0) return getOwnPreferences(db, auth);
  return presentUserPreferences(await saveUserPreferences(db, auth.user.userId, changes));
}
