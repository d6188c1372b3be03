import { eq } from 'drizzle-orm';
import { maintenanceWindowsEndpoints, maintenanceWindowSchema } from '@kelvin/contract';
import type { DbOrTx } from '../../platform/db/database.ts';
import { assetMaintenanceWindows } from '../../platform/db/maintenanceSchema.ts';
import { events } from '../../platform/db/schema.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { apiAs, type ApiAnswer, type AssetFleet } from '../assets/assetsTestFixture.ts';

export const HOUR = 3_600_000;
export const listOutput = maintenanceWindowsEndpoints.assetsListMaintenanceWindows.output;

/** A window's body from offsets to now, in hours. */
export function windowBody(
  assetId: number,
  fromHours: number,
  toHours: number,
  description = 'Replace filters',
) {
  const now = Date.now();
  return {
    assetId,
    description,
    timeWindow: {
      from: new Date(now + fromHours * HOUR).toISOString(),
      to: new Date(now + toHours * HOUR).toISOString(),
    },
    timeZoneId: 'Europe/Berlin',
  };
}

/**
 * A window written straight to the table: the API refuses windows that have already ended, and the tests need
 * past ones.
 */
export async function insertWindowRow(
  db: DbOrTx,
  input: { companyId: number; assetId: number; createdBy: number; fromHours: number; toHours: number },
): Promise<number> {
  const now = Date.now();
  const [row] = await db
    .insert(assetMaintenanceWindows)
    .values({
      companyId: input.companyId,
      assetId: input.assetId,
      description: 'Seeded window',
      startsAt: new Date(now + input.fromHours * HOUR),
      endsAt: new Date(now + input.toHours * HOUR),
      timeZoneId: 'UTC',
      createdBy: input.createdBy,
    })
    .returning();
  if (!row) throw new Error('window not inserted');
  return row.assetMaintenanceWindowId;
}

/** The calls of the maintenance area as a user, over real HTTP. */
export function maintenanceApi(server: TestServer) {
  const api = apiAs(server);
  type User = AssetFleet['users'][keyof AssetFleet['users']];
  return {
    create: (user: User, body: unknown) => api(user, 'POST', '/assets.createMaintenanceWindow', body),
    update: (user: User, body: unknown) => api(user, 'POST', '/assets.updateMaintenanceWindow', body),
    cancel: (user: User, body: unknown) => api(user, 'POST', '/assets.cancelMaintenanceWindow', body),
    list: (user: User, body: unknown = {}) => api(user, 'POST', '/assets.listMaintenanceWindows', body),
    states: (user: User, assetIds: number[]) =>
      api(user, 'POST', '/assets.state.list', { assetIds, activeInterval: 'PT10M' }),
  };
}

export function windowOf(answer: ApiAnswer) {
  return maintenanceWindowSchema.parse(answer.body);
}

/** The audit events of the maintenance area, oldest first. */
export async function maintenanceEvents(db: DbOrTx, assetId: number) {
  const rows = await db
    .select()
    .from(events)
    .where(eq(events.subjectId, String(assetId)))
    .orderBy(events.eventId);
  return rows.filter((row) => row.name.startsWith('maintenanceWindows.'));
}
