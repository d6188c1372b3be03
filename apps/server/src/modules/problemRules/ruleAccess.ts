import { PROVIDER_COMPANY_ID } from '@kelvin/domain';
import type { AuthContext } from '../../http/authenticate.ts';
import {
  companyScope,
  requireCompanyAccess,
  requirePermission,
  scopeIncludes,
} from '../../http/authorize.ts';
import { forbidden, notFound } from '../../http/httpError.ts';
import type { CompanyReach } from './problemRulesRepository.ts';

/** Rules and monitor groups are read by whoever reads a company's problems, and changed with problemRules:write. */
export const READ = 'detectedProblems:read';
export const WRITE = 'problemRules:write';
/** The provider's rules and groups are a library: every company may read them and hold them in its groups. */
export const LIBRARY_COMPANY_ID = PROVIDER_COMPANY_ID;

export const LIBRARY_READ_ONLY = "Library rules and monitor groups are changed by the provider's staff only.";

/** The companies a read reaches (the requested ones the caller may read, else all it may), with the library. */
export function readReach(auth: AuthContext, companyIds: readonly number[] | undefined): CompanyReach {
  requirePermission(auth, READ);
  const scope = companyScope(auth, READ);
  const wanted = companyIds ?? scope;
  return {
    companyIds: wanted === 'ALL' ? 'ALL' : wanted.filter((companyId) => scopeIncludes(scope, companyId)),
    libraryCompanyId: LIBRARY_COMPANY_ID,
  };
}

/** A record of this company may be read by the caller: the library's by anyone who reads problems. */
export function requireReadable(auth: AuthContext, companyId: number, what: string): void {
  requirePermission(auth, READ);
  if (companyId === LIBRARY_COMPANY_ID) return;
  requireCompanyAccess(auth, READ, companyId, what);
}

/**
 * A record of this company may be changed by the caller. Another company's is missing (404), as everywhere; the
 * library, which everyone sees, is refused (403) with the reason.
 */
export function requireWritable(auth: AuthContext, companyId: number, what: string): void {
  requirePermission(auth, WRITE);
  if (scopeIncludes(companyScope(auth, WRITE), companyId)) return;
  if (companyId === LIBRARY_COMPANY_ID) throw forbidden(LIBRARY_READ_ONLY);
  throw notFound(what);
}

/** The companies whose assets a caller may count (a library group's count must not reveal other fleets). */
export function countedCompanies(auth: AuthContext): 'ALL' | number[] {
  return companyScope(auth, READ);
}
