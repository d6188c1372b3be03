import type { RouteContext } from '../../http/routeContext.ts';
import type { SecretBox } from '../../platform/secrets/secretBox.ts';

/** The accounting session (netsuite.accessToken.*), inventory items, service items and projects. */
export function registerAccountingRoutes(_context: RouteContext, _deps: { secrets: SecretBox }): void {}
