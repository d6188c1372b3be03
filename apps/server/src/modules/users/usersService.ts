import { subscriptionPlanSchema, type CurrentUser } from '@kelvin/contract';
import type { AuthContext } from '../../http/authenticate.ts';
import { notFound } from '../../http/httpError.ts';
import type { DbOrTx } from '../../platform/db/database.ts';
import { findCompany } from '../companies/companiesRepository.ts';
import type { UserRow } from './usersRepository.ts';

/** The presenter for a user: exactly the spec's fields, never the password hash. */
export function presentUser(user: UserRow): CurrentUser['user'] {
  return {
    userId: user.userId,
    companyId: user.companyId,
    identityId: user.identityId,
    isSystem: user.isSystem,
    name: user.name,
    role: user.role,
    email: user.email,
    primaryPhone: user.primaryPhone,
    secondaryPhone: user.secondaryPhone,
    location: user.location,
    isDeleted: user.isDeleted,
  };
}

/** `GET users/me`: who is signed in, what they may do, and their company's plan. */
export async function describeCurrentUser(db: DbOrTx, auth: AuthContext): Promise<CurrentUser> {
  const company = await findCompany(db, auth.user.companyId);
  if (!company) throw notFound('Your company no longer exists.');
  return {
    user: presentUser(auth.user),
    permissions: auth.permissions,
    subscription: {
      companyId: company.companyId,
      companyName: company.name,
      plan: subscriptionPlanSchema.catch('OBSERVABILITY').parse(company.subscription),
    },
  };
}
