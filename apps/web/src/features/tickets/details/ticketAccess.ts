import type { Ticket } from '@kelvin/contract';
import { isExternalUser } from '@kelvin/domain';
import { useCurrentUser } from '../../../app/session/useCurrentUser.ts';
import { usePermissionScope } from '../../../shared/session/permissionScope.ts';

export interface TicketAccess {
  /** tickets:write on the ticket's company. */
  canManage: boolean;
  /** Freezing and unfreezing: managed, and provider staff (the server refuses customers). */
  canFreeze: boolean;
  /**
   * Billing (the billing card, the accounting blockers) and sales prices: provider staff only. They feed the
   * provider's accounting system, whose pages need netsuite permissions no customer role holds; the server
   * refuses customers' changes to them.
   */
  seesBilling: boolean;
  /** Setting a consumable's sales price: editable, and provider staff. */
  canSetPrices: boolean;
  /** Fields, status, people and assets: managed, and not frozen (the server refuses every change but unfreezing). */
  canEdit: boolean;
  /** Provider staff choose a ticket's visibility; an external user's tickets are always EXTERNAL. */
  canSetVisibility: boolean;
  /** External users never see the visibility at all: every ticket they see is EXTERNAL. */
  isExternal: boolean;
  /** The signed-in user's company: an external user adds and removes only its people (the server refuses others). */
  ownCompanyId: number | undefined;
}

/** What the signed-in user may change on a ticket, by the same rules the server applies. */
export function useTicketAccess(ticket: Pick<Ticket, 'companyId' | 'isFrozen'>): TicketAccess {
  const me = useCurrentUser().data;
  const canManage = usePermissionScope().forCompany('tickets:write', ticket.companyId);
  const canEdit = canManage && !ticket.isFrozen;
  // Until the user is known, treat them as external: the control appears late rather than wrongly.
  const isExternal = me === undefined || isExternalUser(me.user);
  return {
    canManage,
    canFreeze: canManage && !isExternal,
    seesBilling: !isExternal,
    canSetPrices: canEdit && !isExternal,
    canEdit,
    canSetVisibility: canEdit && !isExternal,
    isExternal,
    ownCompanyId: me?.user.companyId,
  };
}
