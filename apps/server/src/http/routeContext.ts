import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '@kelvin/contract';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { FileStore } from '../platform/files/fileStore.ts';
import type { Authenticator } from './authenticate.ts';
import { registerEndpoint, type EndpointHandler } from './contractRouter.ts';

/** What an area's routes file gets: the stores, the config, and `route` to register a contract endpoint. */
export interface RouteContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  files: FileStore;
  route: <E extends EndpointDef>(endpoint: E, handler: EndpointHandler<E>) => void;
}

export function createRouteContext(
  app: FastifyInstance,
  deps: { db: Db; config: Config; files: FileStore },
  authenticate: Authenticator,
) {
  const context: RouteContext = {
    app,
    ...deps,
    route: (endpoint, handler) => registerEndpoint(app, authenticate, endpoint, handler),
  };
  return context;
}
