import { contract } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';

export function registerSystemRoutes({ route, config }: RouteContext): void {
  // The console signs in against one issuer; its client id is published for the environment it runs in.
  route(contract.authConfig, () =>
    Promise.resolve({
      issuer: config.identity.issuer,
      clientIds: { [config.environment]: config.identity.clientId },
    }),
  );
}
