import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { EXTERNAL_IDENTITY_PREFIX, PROVIDER_COMPANY_ID } from '@kelvin/domain';
import { recordEvent } from '../modules/events/recordEvent.ts';
import type { Db, Tx } from '../platform/db/database.ts';
import { companies, roles, userRoles, users } from '../platform/db/schema.ts';
import type { FileStore } from '../platform/files/fileStore.ts';
import { hashPassword } from '../platform/identity/passwords.ts';
import { syncCompanyIdSequence } from '../modules/companies/companiesRepository.ts';
import { customerCompaniesDemo, providerCompanyDemo, type DemoCompany } from './demoFleet.ts';
import { seedMaintenance } from './seedMaintenance.ts';
import { seedProblemRules } from './seedProblemRules.ts';
import { seedThresholds } from './seedThresholds.ts';
import { seedTickets } from './seedTickets.ts';
import { seedCoverage } from './seedCoverage.ts';
import { seedSchedules } from './seedSchedules.ts';
import { seedDemoForms } from './demoForms.ts';
import { skipTicketNoticesOfHistory } from '../modules/notifications/ticketNotifier.ts';
import { seedFleet } from './seedFleet.ts';
import { seedMetricCatalogue } from './seedMetrics.ts';

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

export interface SeedOptions {
  dataDir: string;
  password?: string | undefined;
  /** When given, the agents' system-metadata files are written too (not only their rows). */
  files?: FileStore | undefined;
}

/** Seeds the demo fleet and users once; a later start finds companies and leaves everything as it is. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoSummary> {
  const password = demoPassword(options.dataDir, options.password);
  const [existing] = await db.select({ n: count() }).from(companies);
  const created = (existing?.n ?? 0) === 0;
  if (created) {
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await seedCompany(tx, providerCompanyDemo, passwordHash, options.files, PROVIDER_COMPANY_ID);
      await syncCompanyIdSequence(tx);
      const customerIds: number[] = [];
      for (const company of customerCompaniesDemo)
        customerIds.push(await seedCompany(tx, company, passwordHash, options.files));
      await seedProblemRules(tx, customerIds);
      await seedCoverage(tx, customerIds);
      await seedTickets(tx, customerIds);
      await seedSchedules(tx, customerIds);
      await seedDemoForms(tx);
      // The demo's tickets are history: nobody is told of their assignments and comments as if they were news.
      await skipTicketNoticesOfHistory(tx);
    });
  }
  // Every start, not only the first: the catalogue upsert is idempotent and brings new aliases to old databases.
  await seedMetricCatalogue(db);
  const all = [providerCompanyDemo, ...customerCompaniesDemo];
  return {
    created,
    password,
    users: all.flatMap((company) =>
      company.users.map((user) => ({
        name: user.name,
        email: user.email,
        role: user.role,
        company: company.name,
      })),
    ),
  };
}

async function seedCompany(
  tx: Tx,
  demo: DemoCompany,
  passwordHash: string,
  files: FileStore | undefined,
  companyId?: number,
): Promise<number> {
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

  const userIds: number[] = [];
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
    userIds.push(user.userId);
    await recordEvent(tx, {
      name: 'users.create',
      actorUserId: null,
      companyId: company.companyId,
      subjectType: 'user',
      subjectId: user.userId,
      data: { email: user.email, role: demoUser.role, source: 'demo' },
    });
  }

  // Customer users are external: they see only what their access groups hold, so each gets their company's sites.
  const topLevel = await seedFleet(
    tx,
    company.companyId,
    demo,
    companyId === PROVIDER_COMPANY_ID ? [] : userIds,
    files,
  );
  const [firstUser] = userIds;
  if (companyId !== PROVIDER_COMPANY_ID && firstUser !== undefined) {
    await seedThresholds(tx, company.companyId, firstUser);
    // Sites come first in the fleet's top level, in the order of the demo's sites.
    const [siteId] = topLevel;
    const [site] = demo.sites;
    if (siteId !== undefined && site)
      await seedMaintenance(tx, company.companyId, { assetId: siteId, city: site.city }, firstUser);
  }
  return company.companyId;
}
