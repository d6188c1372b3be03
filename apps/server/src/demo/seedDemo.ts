import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { EXTERNAL_IDENTITY_PREFIX, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Db, Tx } from '../platform/db/database.ts';
import { assetProperties, assets, companies, roles, userRoles, users } from '../platform/db/schema.ts';
import { hashPassword } from '../platform/identity/passwords.ts';
import { syncCompanyIdSequence } from '../modules/companies/companiesRepository.ts';
import { customerCompaniesDemo, providerCompanyDemo, type DemoCompany } from './demoFleet.ts';

const ASSET_TYPE = { site: 1, building: 2, datahall: 3, unit: 4, agent: 61 } as const;
const PASSWORD_FILE = 'demo-password.txt';

export interface DemoSummary {
  /** True when this start created the demo; false when it was already there. */
  created: boolean;
  password: string;
  users: { name: string; email: string; role: string; company: string }[];
}

/**
 * The demo password: KELVIN_DEMO_PASSWORD, else one generated on first start and kept in the data
 * directory so that each start prints the same one.
 */
export function demoPassword(dataDir: string, fromEnvironment: string | undefined): string {
  const file = path.join(dataDir, PASSWORD_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = fromEnvironment ?? randomBytes(12).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** Seeds the demo fleet and users once; a later start finds companies and leaves everything as it is. */
export async function seedDemo(db: Db, options: { dataDir: string; password?: string }): Promise<DemoSummary> {
  const password = demoPassword(options.dataDir, options.password);
  const [existing] = await db.select({ n: count() }).from(companies);
  const created = (existing?.n ?? 0) === 0;
  if (created) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await seedCompany(tx, providerCompanyDemo, passwordHash, PROVIDER_COMPANY_ID);
      await syncCompanyIdSequence(tx);
      for (const company of customerCompaniesDemo) await seedCompany(tx, company, passwordHash);
    });
  }
  const all = [providerCompanyDemo, ...customerCompaniesDemo];
  return {
    created,
    password,
    users: all.flatMap((company) =>
      company.users.map((user) => ({ name: user.name, email: user.email, role: user.role, company: company.name })),
    ),
  };
}

async function seedCompany(tx: Tx, demo: DemoCompany, passwordHash: string, companyId?: number) {
  const [company] = await tx
    .insert(companies)
    .values({
      ...(companyId ? { companyId } : {}),
      name: demo.name,
      subscription: demo.subscription,
      netSuiteCustomerInternalId: demo.netSuiteCustomerInternalId,
    })
    .returning();
  if (!company) throw new Error(`Could not create ${demo.name}`);
  await recordEvent(tx, {
    name: 'companies.create',
    actorUserId: null,
    companyId: company.companyId,
    subjectType: 'company',
    subjectId: company.companyId,
    data: { name: company.name, source: 'demo' },
  });

  for (const demoUser of demo.users) {
    const [user] = await tx
      .insert(users)
      .values({
        companyId: company.companyId,
        identityId: `${EXTERNAL_IDENTITY_PREFIX}${crypto.randomUUID()}`,
        name: demoUser.name,
        email: demoUser.email,
        role: demoUser.jobTitle,
        passwordHash,
      })
      .returning();
    const [role] = await tx.select().from(roles).where(eq(roles.name, demoUser.role));
    if (!user || !role) throw new Error(`Could not create ${demoUser.email}`);
    await tx.insert(userRoles).values({ userId: user.userId, roleId: role.roleId });
    await recordEvent(tx, {
      name: 'users.create',
      actorUserId: null,
      companyId: company.companyId,
      subjectType: 'user',
      subjectId: user.userId,
      data: { email: user.email, role: demoUser.role, source: 'demo' },
    });
  }

  if (demo.site) await seedSite(tx, company.companyId, demo.site);
}

async function seedSite(tx: Tx, companyId: number, site: NonNullable<DemoCompany['site']>) {
  const addAsset = async (
    assetTypeId: number,
    parentAssetId: number | null,
    name: string,
    properties: Record<string, string>,
  ) => {
    const [asset] = await tx.insert(assets).values({ companyId, parentAssetId, assetTypeId, name }).returning();
    if (!asset) throw new Error(`Could not create ${name}`);
    const entries = Object.entries({ name, ...properties });
    await tx
      .insert(assetProperties)
      .values(entries.map(([key, value], displayOrder) => ({ assetId: asset.assetId, name: key, value, displayOrder })));
    await recordEvent(tx, {
      name: 'assets.create',
      actorUserId: null,
      companyId,
      subjectType: 'asset',
      subjectId: asset.assetId,
      data: { name, assetTypeId, source: 'demo' },
    });
    return asset.assetId;
  };

  const siteId = await addAsset(ASSET_TYPE.site, null, site.name, { city: site.city });
  const buildingId = await addAsset(ASSET_TYPE.building, siteId, site.building, {});
  const datahallId = await addAsset(ASSET_TYPE.datahall, buildingId, site.datahall, {});
  for (const unit of site.units) {
    await addAsset(ASSET_TYPE.unit, datahallId, unit.name, {
      model: unit.model,
      manufacturer: 'Kelvin Thermal',
      serialNumber: unit.serialNumber,
      position: unit.position,
      privateIpAddress: unit.privateIpAddress,
      deviceLayout: unit.deviceLayout,
      refrigerant: unit.model.startsWith('DX') ? 'R-454B' : 'Chilled water',
    });
  }
  await addAsset(ASSET_TYPE.agent, datahallId, site.agent, { firmwareVersion: '4.12.3', privateIpAddress: '10.0.0.2' });
}
