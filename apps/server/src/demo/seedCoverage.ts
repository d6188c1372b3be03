import { and, asc, eq, inArray } from 'drizzle-orm';
import { ASSET_TYPE } from '@kelvin/domain';
import { addDurationToDate, calendarDateIn } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Tx } from '../platform/db/database.ts';
import { contractAssets, contracts, warranties, warrantyAssets } from '../platform/db/coverageSchema.ts';
import { assets } from '../platform/db/schema.ts';

const DAY = 86_400_000;
/** The zones the demo customers' warranties were written in, one per customer in turn. */
const WARRANTY_ZONES = ['America/New_York', 'Europe/Oslo', 'Asia/Tokyo'] as const;

interface DemoContract {
  label: string;
  managedStatus: string;
  paymentStatus: string;
  /** Days from today (negative: past) of the first and last covered day. */
  from: number;
  to: number;
  coversParts: boolean;
  /** Indexes into the company's units (by id). */
  units: readonly number[];
}

interface DemoWarranty {
  label: string;
  duration: string;
  from: number;
  isSample: boolean;
  startKind: 'DATE_COMMISSIONED' | 'DATE_DELIVERED';
  units: readonly number[];
}

/**
 * A full-service contract on the first two units (active, parts included: the demo tickets on those units start
 * not billable), a labour-only one on the third (active), and last year's commissioning support (expired).
 */
const DEMO_CONTRACTS: readonly DemoContract[] = [
  {
    label: 'Full service (parts and labour)',
    managedStatus: 'MANAGED',
    paymentStatus: 'PAID',
    from: -300,
    to: 430,
    coversParts: true,
    units: [0, 1],
  },
  {
    label: 'Labour-only support',
    managedStatus: 'CO_MANAGED',
    paymentStatus: 'INVOICED',
    from: -120,
    to: 245,
    coversParts: false,
    units: [2],
  },
  {
    label: 'Commissioning support',
    managedStatus: 'UNMANAGED',
    paymentStatus: 'PAID',
    from: -800,
    to: -400,
    coversParts: true,
    units: [0, 1, 2],
  },
];

/** The makers' warranties: two running, one over, one a sample unit's. */
const DEMO_WARRANTIES: readonly DemoWarranty[] = [
  {
    label: 'Manufacturer warranty',
    duration: 'P2Y',
    from: -200,
    isSample: false,
    startKind: 'DATE_COMMISSIONED',
    units: [3, 4],
  },
  {
    label: 'Compressor warranty',
    duration: 'P5Y',
    from: -600,
    isSample: false,
    startKind: 'DATE_DELIVERED',
    units: [1],
  },
  {
    label: 'Fan warranty',
    duration: 'P1Y',
    from: -900,
    isSample: false,
    startKind: 'DATE_COMMISSIONED',
    units: [0],
  },
  {
    label: 'Demonstration unit warranty',
    duration: 'P6M',
    from: -30,
    isSample: true,
    startKind: 'DATE_DELIVERED',
    units: [5],
  },
];

const pick = (units: readonly number[], indexes: readonly number[]) =>
  [...new Set(indexes.map((index) => units[index % Math.max(1, units.length)]))].filter(
    (id): id is number => id !== undefined,
  );

/**
 * Each demo customer's contracts and warranties (active, expired, a sample), so that the contract and warranty
 * screens, the asset tabs and the tickets' coverage have data. Runs before the demo tickets: those on covered
 * units start not billable, as new tickets do.
 */
export async function seedCoverage(
  tx: Tx,
  customerCompanyIds: readonly number[],
  now = Date.now(),
): Promise<void> {
  if (customerCompanyIds.length === 0) return;
  const units = await tx
    .select({ assetId: assets.assetId, companyId: assets.companyId })
    .from(assets)
    .where(and(inArray(assets.companyId, [...customerCompanyIds]), eq(assets.assetTypeId, ASSET_TYPE.unit)))
    .orderBy(asc(assets.assetId));
  const day = (offset: number) => calendarDateIn(now + offset * DAY, 'UTC');
  for (const [companyIndex, companyId] of customerCompanyIds.entries()) {
    const companyUnits = units.filter((unit) => unit.companyId === companyId).map((unit) => unit.assetId);
    if (companyUnits.length === 0) continue;
    for (const demo of DEMO_CONTRACTS) {
      const [row] = await tx
        .insert(contracts)
        .values({
          companyId,
          label: demo.label,
          managedStatus: demo.managedStatus,
          paymentStatus: demo.paymentStatus,
          startDate: day(demo.from),
          endDate: day(demo.to),
          coversParts: demo.coversParts,
        })
        .returning();
      if (!row) throw new Error('demo contract not inserted');
      const covered = pick(companyUnits, demo.units);
      await tx
        .insert(contractAssets)
        .values(covered.map((assetId) => ({ contractId: row.contractId, assetId })));
      await recordEvent(tx, {
        name: 'contracts.create',
        actorUserId: null,
        companyId,
        subjectType: 'contract',
        subjectId: row.contractId,
        data: { label: demo.label, assetIds: covered, source: 'demo' },
      });
    }
    const timeZoneId = WARRANTY_ZONES[companyIndex % WARRANTY_ZONES.length] ?? 'UTC';
    for (const demo of DEMO_WARRANTIES) {
      const startDate = calendarDateIn(now + demo.from * DAY, timeZoneId);
      const [row] = await tx
        .insert(warranties)
        .values({
          companyId,
          label: demo.label,
          duration: demo.duration,
          startKind: demo.startKind,
          startDate,
          endDate: addDurationToDate(startDate, demo.duration),
          isSample: demo.isSample,
          timeZoneId,
        })
        .returning();
      if (!row) throw new Error('demo warranty not inserted');
      const covered = pick(companyUnits, demo.units);
      await tx
        .insert(warrantyAssets)
        .values(covered.map((assetId) => ({ warrantyId: row.warrantyId, assetId })));
      await recordEvent(tx, {
        name: 'warranties.create',
        actorUserId: null,
        companyId,
        subjectType: 'warranty',
        subjectId: row.warrantyId,
        data: { label: demo.label, assetIds: covered, source: 'demo' },
      });
    }
  }
}
