import type { PermissionCheck } from '@kelvin/domain';

/**
 * Who may open the form editor: the server lets the provider's staff holding tickets:write create and change
 * definitions (formsAccess.requireFormEditor). The route and its navigation entry check the permission; the page
 * itself tells an external user that definitions are the provider's.
 */
export const formEditorChecks: readonly PermissionCheck[] = [{ permission: 'tickets:write' }];

export const formEditorPaths = {
  list: '/user/admin/forms',
  form: (formId: number) => `/user/admin/forms/${formId}`,
  create: '/user/admin/forms/new',
};
