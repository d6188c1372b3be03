import {
  colorSchemeSchema,
  defaultUserPreferences,
  isKnownTimeZone,
  unitsProfileSchema,
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
  const timeZoneId = row?.timeZoneId ?? null;
  return {
    colorScheme: colorSchemeSchema
      .catch(defaultUserPreferences.colorScheme)
      .parse(row?.colorScheme ?? undefined),
    // A zone the runtime no longer knows (the IANA database renames a few) reads as the browser's own.
    timeZoneId: timeZoneId !== null && isKnownTimeZone(timeZoneId) ? timeZoneId : null,
    unitsProfile: unitsProfileSchema
      .catch(defaultUserPreferences.unitsProfile)
      .parse(row?.unitsProfile ?? undefined),
    demoMode: row?.demoMode ?? defaultUserPreferences.demoMode,
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
  if (update.timeZoneId !== undefined) changes.timeZoneId = update.timeZoneId;
  if (update.unitsProfile !== undefined) changes.unitsProfile = update.unitsProfile;
  if (update.demoMode !== undefined) changes.demoMode = update.demoMode;
  if (Object.keys(changes).length === 0) return getOwnPreferences(db, auth);
  return presentUserPreferences(await saveUserPreferences(db, auth.user.userId, changes));
}
