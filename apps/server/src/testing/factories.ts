import { eq, inArray } from 'drizzle-orm';
import { syncCompanyIdSequence } from '../modules/companies/companiesRepository.ts';
import type { RoleName } from '../modules/users/roleNames.ts';
import { EXTERNAL_IDENTITY_PREFIX } from '@kelvin/domain';
import type { DbOrTx } from '../platform/db/database.ts';
import { companies, roles, userRoles, users } from '../platform/db/schema.ts';
import { hashPassword } from '../platform/identity/passwords.ts';

let sequence = 0;
const next = () => ++sequence;

export async function buildCompany(db: DbOrTx, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${next()}`, subscription: 'OBSERVABILITY', ...overrides })
    .returning();
  if (!company) throw new Error('company not created');
  return company;
}

/** A user with roles; `password` sets an argon2id hash so the user can sign in at the embedded provider. */
export async function buildUser(
  db: DbOrTx,
  options: { companyId: number; roles?: RoleName[]; password?: string } & Partial<typeof users.$inferInsert>,
) {
  const { roles: roleNames = [], password, ...overrides } = options;
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      identityId: `${EXTERNAL_IDENTITY_PREFIX}test-${n}-${Math.random().toString(36).slice(2, 8)}`,
      name: `User ${n}`,
      email: `user${n}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      passwordHash: password ? await hashPassword(password) : null,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user not created');
  if (roleNames.length > 0) {
    const found = await db.select().from(roles).where(inArray(roles.name, roleNames));
    if (found.length !== roleNames.length) throw new Error(`Unknown role in ${roleNames.join(', ')}`);
    await db.insert(userRoles).values(found.map((role) => ({ userId: user.userId, roleId: role.roleId })));
  }
  return user;
}

export async function providerCompany(db: DbOrTx) {
  const [existing] = await db.select().from(companies).where(eq(companies.companyId, 1));
  if (existing) return existing;
  const company = await buildCompany(db, { companyId: 1, name: 'Kelvin Services' });
  await syncCompanyIdSequence(db);
  return company;
}
