import { and, asc, eq } from 'drizzle-orm';
import { fromZonedLocal, toZonedLocal } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Tx } from '../platform/db/database.ts';
import { assetMaintenanceWindows } from '../platform/db/maintenanceSchema.ts';
import { assets } from '../platform/db/schema.ts';

const DAY = 86_400_000;

/** Where each demo site stands, for the zone its maintenance is planned in. */
const CITY_ZONES: Readonly<Record<string, string>> = {
  'Ashburn, VA': 'America/New_York',
  'Dallas, TX': 'America/Chicago',
  Oslo: 'Europe/Oslo',
  Bergen: 'Europe/Oslo',
  Singapore: 'Asia/Singapore',
  Tokyo: 'Asia/Tokyo',
};

/** `hour`:00 on the day `days` from now, in the zone (the wall-clock time a planner would type). */
function atLocalHour(now: number, days: number, hour: number, timeZone: string): Date {
  const day = toZonedLocal(now + days * DAY, timeZone).slice(0, 10);
  const at = fromZonedLocal(`${day} ${String(hour).padStart(2, '0')}:00`, timeZone);
  if (at === undefined) throw new Error(`No ${hour}:00 on ${day} in ${timeZone}`);
  return new Date(at);
}

async function firstChild(tx: Tx, parentAssetId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ assetId: assets.assetId })
    .from(assets)
    .where(and(eq(assets.parentAssetId, parentAssetId), eq(assets.isDeleted, false)))
    .orderBy(asc(assets.assetId))
    .limit(1);
  return row?.assetId;
}

/**
 * A company's maintenance history and plans, so that the maintenance screens are not empty: last week's coil
 * cleaning of its first data hall (past), a valve replacement planned for its first building (upcoming, at
 * night) and a firmware update canceled with its reason. Nothing is active: a demo unit in maintenance mode
 * would hide the simulator's problems on it.
 */
export async function seedMaintenance(
  tx: Tx,
  companyId: number,
  site: { assetId: number; city: string },
  createdBy: number,
  now = Date.now(),
): Promise<void> {
  const zone = CITY_ZONES[site.city] ?? 'UTC';
  const buildingId = await firstChild(tx, site.assetId);
  const datahallId = buildingId === undefined ? undefined : await firstChild(tx, buildingId);
  if (buildingId === undefined || datahallId === undefined) return;
  const plans = [
    {
      assetId: datahallId,
      description: 'Quarterly coil cleaning and filter change on every unit of the hall.',
      startsAt: atLocalHour(now, -6, 9, zone),
      endsAt: atLocalHour(now, -6, 13, zone),
    },
    {
      assetId: buildingId,
      description: 'Chilled-water isolation valve replacement: units run on reduced cooling during the work.',
      startsAt: atLocalHour(now, 3, 22, zone),
      endsAt: atLocalHour(now, 4, 2, zone),
    },
    {
      assetId: datahallId,
      description: 'Controller firmware update of the hall’s units.',
      startsAt: atLocalHour(now, 8, 8, zone),
      endsAt: atLocalHour(now, 8, 12, zone),
      canceled: 'The vendor postponed the firmware release; a new date follows.',
    },
  ];
  for (const { canceled, ...plan } of plans) {
    const [row] = await tx
      .insert(assetMaintenanceWindows)
      .values({
        companyId,
        ...plan,
        timeZoneId: zone,
        createdBy,
        createdAt: new Date(now - 7 * DAY),
        ...(canceled
          ? { canceledAt: new Date(now - DAY), cancelReason: canceled, canceledBy: createdBy }
          : {}),
      })
      .returning();
    if (!row) throw new Error('Could not create a demo maintenance window');
    const event = { actorUserId: createdBy, companyId, subjectType: 'asset', subjectId: plan.assetId };
    await recordEvent(tx, {
      ...event,
      name: 'maintenanceWindows.create',
      data: {
        assetMaintenanceWindowId: row.assetMaintenanceWindowId,
        description: plan.description,
        source: 'demo',
      },
    });
    if (canceled)
      await recordEvent(tx, {
        ...event,
        name: 'maintenanceWindows.cancel',
        data: {
          assetMaintenanceWindowId: row.assetMaintenanceWindowId,
          cancelReason: canceled,
          source: 'demo',
        },
      });
  }
}
