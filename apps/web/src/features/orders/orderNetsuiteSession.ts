/**
 * The browser's NetSuite session as the orders page uses it (owned by the accounting feature): a valid access
 * token or null, and the sign-in that comes back to the orders page.
 */
export { netsuiteAccessToken, startNetsuiteAuthorization } from '../accounting/netsuiteSession.ts';

/** Where NetSuite's authorization returns the user to once signed in. */
export const ORDERS_RETURN_TO = '/user/orders';
