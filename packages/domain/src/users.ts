import { EXTERNAL_IDENTITY_PREFIX, PROVIDER_COMPANY_ID } from './constants.ts';

/**
 * Spec: a user is external when the identity id begins with the external identity provider's prefix and
 * the company is not the provider's own company.
 */
export function isExternalUser(
  user: { identityId: string; companyId: number },
  providerCompanyId: number = PROVIDER_COMPANY_ID,
): boolean {
  return user.identityId.startsWith(EXTERNAL_IDENTITY_PREFIX) && user.companyId !== providerCompanyId;
}
