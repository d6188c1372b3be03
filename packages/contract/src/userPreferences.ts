import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { timeZoneIdSchema } from './maintenanceWindows.ts';

/** The colour schemes a user may pick; `system` follows the device's setting. */
export const colorSchemes = ['light', 'dark', 'system'] as const;
export const colorSchemeSchema = z.enum(colorSchemes);
export type ColorScheme = z.infer<typeof colorSchemeSchema>;

/**
 * A user's own preferences, kept on the server so that they follow the user to any browser. One field per
 * preference, each with a default, so that a preference added later (time zone, units profile, demo mode) is a new
 * field here and a new column, and a user who never chose reads the default.
 */
/** The units profiles (platform-core section 3): stored values are metric; imperial converts them for display. */
export const unitsProfileSchema = z.enum(['metric', 'imperial']);
export type UnitsProfileChoice = z.infer<typeof unitsProfileSchema>;

export const userPreferencesSchema = z.object({
  colorScheme: colorSchemeSchema,
  /** The zone every time is shown in; null follows the browser's own zone. */
  timeZoneId: z.string().nullable(),
  unitsProfile: unitsProfileSchema,
  /** Masks company, site and asset names for screen sharing. */
  demoMode: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** What the defaults are for a user who has chosen nothing. */
export const defaultUserPreferences: UserPreferences = {
  colorScheme: 'system',
  timeZoneId: null,
  unitsProfile: 'metric',
  demoMode: false,
};

/**
 * An update names only the preferences it changes; the others keep their value (an empty one changes nothing). A
 * time zone of null goes back to following the browser's.
 */
export const userPreferencesUpdateSchema = z.strictObject({
  colorScheme: colorSchemeSchema.optional(),
  timeZoneId: timeZoneIdSchema.nullable().optional(),
  unitsProfile: unitsProfileSchema.optional(),
  demoMode: z.boolean().optional(),
});
export type UserPreferencesUpdate = z.infer<typeof userPreferencesUpdateSchema>;

export const userPreferencesEndpoints = {
  usersPreferencesGet: endpoint({
    name: 'users.preferences.get',
    method: 'GET',
    path: '/users/me/preferences',
    summary:
      "The signed-in user's own preferences (colour scheme, time zone, units profile, demo mode), defaults for what they never chose.",
    auth: 'user',
    output: userPreferencesSchema,
  }),
  usersPreferencesUpdate: endpoint({
    name: 'users.preferences.update',
    method: 'POST',
    path: '/users/me/preferences.update',
    summary:
      "Changes the signed-in user's own preferences: only those named; the answer is all of them afterwards.",
    auth: 'user',
    body: userPreferencesUpdateSchema,
    output: userPreferencesSchema,
  }),
};
