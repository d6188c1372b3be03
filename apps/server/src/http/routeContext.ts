import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '@kelvin/contract';
import type { Config } from '../config.ts';
import type { Db } from '../platform/db/database.ts';
import type { TelemetryBus } from '../platform/events/telemetryBus.ts';
import type { FileStore } from '../platform/files/fileStore.ts';
import type { TimeSeriesStore } from '../platform/timeseries/timeSeriesStore.ts';
import { registerEndpoint, type Authenticators, type EndpointHandler } from './contractRouter.ts';

/** What an area's routes file gets: the stores, the config, and `route` to register a contract endpoint. */
export interface RouteContext {
  app: FastifyInstance;
  db: Db;
  config: Config;
  files: FileStore;
  /** The one time-series query path: charts, tables, exports and problem evaluation all go through it. */
  timeseries: TimeSeriesStore;
  bus: TelemetryBus;
  /** For endpoints registered outside `route` (multipart requests in a scope of their own). */
  authenticators: Authenticators;
  route: <E extends EndpointDef>(endpoint: E, handler: EndpointHandler<E>) => void;
}

export function createRouteContext(
  app: FastifyInstance,
  deps: { db: Db; config: Config; files: FileStore; timeseries: TimeSeriesStore; bus: TelemetryBus },
  authenticators: Authenticators,
) {
  const context: RouteContext = {
    app,
    ...deps,
    route: (endpoint, handler) => registerEndpoint(app, authenticators, endpoint, handler),
    authenticators,
  };
  return context;
}
