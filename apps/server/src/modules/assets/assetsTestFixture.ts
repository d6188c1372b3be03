import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { errorEnvelopeSchema } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import type { DbOrTx } from '../../platform/db/database.ts';
import {
  assetAccessGroupAssets,
  assetNotes,
  assetProperties,
  assets,
  events,
} from '../../platform/db/schema.ts';
import { buildCompany, buildUser, providerCompany } from '../../testing/factories.ts';
import type { TestServer } from '../../testing/testServer.ts';
import { addAssetToDefaultGroups } from '../access/accessGroupsRepository.ts';
import { insertAsset, replaceProperties } from './assetsRepository.ts';

/** Route tests' data: two customer companies with a small tree each, and users of every kind. */
export async function buildAssetFleet(db: DbOrTx) {
  await providerCompany(db);
  const companyA = await buildCompany(db, { name: 'Alpha Hosting' });
  const companyB = await buildCompany(db, { name: 'Bravo Cloud' });
  const add = (
    companyId: number,
    assetTypeId: number,
    parentAssetId: number | null,
    name: string,
    properties: Record<string, string> = {},
  ) => makeAsset(db, { companyId, assetTypeId, parentAssetId, name, properties });

  const a = companyA.companyId;
  const siteA1 = await add(a, ASSET_TYPE.site, null, 'Alpha North', { city: 'Leeds' });
  const buildingA1 = await add(a, ASSET_TYPE.building, siteA1, 'Alpha North B1');
  const hallA1 = await add(a, ASSET_TYPE.datahall, buildingA1, 'Alpha North Hall 1');
  const unitA1 = await add(a, ASSET_TYPE.unit, hallA1, 'AN-CRAH-01', {
    model: 'CW-400',
    position: 'Row A, Position 1',
  });
  const splitA1 = await add(a, ASSET_TYPE.splitUnit, hallA1, 'AN-SPLIT-01');
  const unitA2 = await add(a, ASSET_TYPE.unit, splitA1, 'AN-SX-01');
  const agentA1 = await add(a, ASSET_TYPE.agent, hallA1, 'AN-AGENT-01');
  const siteA2 = await add(a, ASSET_TYPE.site, null, 'Alpha South');
  const buildingA2 = await add(a, ASSET_TYPE.building, siteA2, 'Alpha South B1');
  const hallA2 = await add(a, ASSET_TYPE.datahall, buildingA2, 'Alpha South Hall 1');
  const unitA3 = await add(a, ASSET_TYPE.unit, hallA2, 'AS-CRAH-01');
  const mauA = await add(a, ASSET_TYPE.makeUpAirUnit, null, 'AN-MAU-01');

  const b = companyB.companyId;
  const siteB = await add(b, ASSET_TYPE.site, null, 'Bravo One');
  const buildingB = await add(b, ASSET_TYPE.building, siteB, 'Bravo One B1');
  const hallB = await add(b, ASSET_TYPE.datahall, buildingB, 'Bravo One Hall 1');
  const unitB = await add(b, ASSET_TYPE.unit, hallB, 'B1-CRAH-01');

  const users = {
    providerAdmin: await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] }),
    technician: await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] }),
    adminA: await buildUser(db, { companyId: a, roles: ['Customer Administrator'], name: 'Ada Alpha' }),
    operatorA: await buildUser(db, { companyId: a, roles: ['Customer Operator'], name: 'Otto Alpha' }),
    adminB: await buildUser(db, { companyId: b, roles: ['Customer Administrator'], name: 'Bea Bravo' }),
    noRolesA: await buildUser(db, { companyId: a }),
  };
  await addAssetToDefaultGroups(db, siteA1, [users.adminA.userId]);
  await addAssetToDefaultGroups(db, siteA2, [users.adminA.userId]);
  await addAssetToDefaultGroups(db, mauA, [users.adminA.userId]);
  // The operator's group holds one data hall: they see it and what is below it, nothing above or beside.
  await addAssetToDefaultGroups(db, hallA1, [users.operatorA.userId]);
  await addAssetToDefaultGroups(db, siteB, [users.adminB.userId]);

  return {
    companyA,
    companyB,
    users,
    ids: {
      siteA1,
      buildingA1,
      hallA1,
      unitA1,
      splitA1,
      unitA2,
      agentA1,
      siteA2,
      buildingA2,
      hallA2,
      unitA3,
      mauA,
      siteB,
      buildingB,
      hallB,
      unitB,
    },
  };
}

export type AssetFleet = Awaited<ReturnType<typeof buildAssetFleet>>;

export async function makeAsset(
  db: DbOrTx,
  input: {
    companyId: number;
    assetTypeId: number;
    parentAssetId: number | null;
    name: string;
    properties?: Record<string, string>;
  },
): Promise<number> {
  const row = await insertAsset(db, {
    companyId: input.companyId,
    assetTypeId: input.assetTypeId,
    parentAssetId: input.parentAssetId,
    name: input.name,
  });
  const entries = Object.entries({ name: input.name, ...input.properties });
  await replaceProperties(
    db,
    row.assetId,
    entries.map(([name, value], displayOrder) => ({ name, value, displayOrder })),
  );
  return row.assetId;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls the API over real HTTP as a user; tokens are minted once per user. */
export function apiAs(server: TestServer) {
  const tokens = new Map<string, Promise<string>>();
  return async (
    user: { identityId: string },
    method: string,
    path: string,
    body?: unknown,
  ): Promise<ApiAnswer> => {
    let token = tokens.get(user.identityId);
    if (!token) {
      token = server.mintIdToken(user.identityId, { expiresIn: '1h' });
      tokens.set(user.identityId, token);
    }
    const response = await fetch(`${server.url}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    return { status: response.status, body: parsed };
  };
}

/** The error envelope of a refused call. */
export function errorOf(answer: ApiAnswer) {
  return errorEnvelopeSchema.parse(answer.body);
}

/** What a refused write must leave untouched: assets, properties, notes, access groups, and the event count. */
export async function snapshot(db: DbOrTx) {
  const [eventCount] = await db.select({ n: count() }).from(events);
  return {
    assets: await db.select().from(assets).orderBy(assets.assetId),
    properties: await db
      .select()
      .from(assetProperties)
      .orderBy(assetProperties.assetId, assetProperties.name),
    notes: await db.select().from(assetNotes).orderBy(assetNotes.assetNoteId),
    groups: await db
      .select()
      .from(assetAccessGroupAssets)
      .orderBy(assetAccessGroupAssets.assetAccessGroupId, assetAccessGroupAssets.assetId),
    events: eventCount?.n ?? 0,
  };
}

export async function eventsFor(db: DbOrTx, assetId: number) {
  return db
    .select()
    .from(events)
    .where(eq(events.subjectId, String(assetId)))
    .orderBy(events.eventId);
}

/** Runs a call that must be refused with `status` (and `message`) and proves that nothing changed. */
export async function expectRefusedUnchanged(
  db: DbOrTx,
  call: () => Promise<ApiAnswer>,
  status: number,
  message?: string,
): Promise<ApiAnswer> {
  const before = await snapshot(db);
  const answer = await call();
  expect(answer.status).toBe(status);
  if (message !== undefined) expect(errorOf(answer).message).toBe(message);
  expect(await snapshot(db)).toEqual(before);
  return answer;
}
