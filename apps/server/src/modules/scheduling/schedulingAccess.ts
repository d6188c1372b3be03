import type { AuthContext } from '../../http/authenticate.ts';
import { companyScope, requirePermission, type CompanyScope } from '../../http/authorize.ts';
import { limitedByAccessGroups } from '../access/assetAccess.ts';
import { isExternal } from '../../http/authorize.ts';

export const SCHEDULES_READ = 'schedules:read';
export const SCHEDULES_WRITE = 'schedules:write';
export const SCHEDULE_NOT_FOUND = 'Schedule entry not found.';

/**
 * Which entries a caller reads: the companies of their schedules:read grant; a customer's people (limited by access
 * groups, as for tickets) only entries with an asset in their groups, and a ticket's title only of an EXTERNAL
 * ticket. 403 without the permission at all.
 */
export interface ScheduleVisibility {
  companies: CompanyScope;
  /** The user whose access groups limit the entries (and the assets named), or null: not limited. */
  groupsOfUserId: number | null;
  externalOnly: boolean;
}

export function scheduleVisibility(auth: AuthContext): ScheduleVisibility {
  requirePermission(auth, SCHEDULES_READ);
  return {
    companies: companyScope(auth, SCHEDULES_READ),
    groupsOfUserId: limitedByAccessGroups(auth) ? auth.user.userId : null,
    externalOnly: isExternal(auth),
  };
}

/** The companies of a read cut to the requested ones (others drop out silently, as in every list). */
export function requestedCompanies(
  scope: CompanyScope,
  requested: readonly number[] | undefined,
): CompanyScope {
  if (!requested) return scope;
  return scope === 'ALL' ? [...requested] : requested.filter((id) => scope.includes(id));
}
