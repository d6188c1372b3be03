import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { buildApp } from './http/app.ts';
import { mountEmbeddedIdentity } from './modules/identity/embeddedIdentity.ts';
import { isSessionActive } from './modules/identity/oidcAdapter.ts';
import { createLiveAccessPolicy } from './modules/liveValues/liveAccessPolicy.ts';
import { createLateBoundRelay } from './modules/notifications/liveRelay.ts';
import type { ProblemNotifier } from './modules/notifications/problemNotices.ts';
import { createProblemNotifier } from './modules/notifications/problemNotifier.ts';
import { createTicketNotifier, type TicketNotifier } from './modules/notifications/ticketNotifier.ts';
import { sealPlaintextWebhookSecrets } from './modules/notifications/webhookSecrets.ts';
import { startWebhookSender, type WebhookSender } from './modules/notifications/webhookSender.ts';
import type { ProblemEvaluator } from './modules/problems/evaluation/problemEvaluator.ts';
import { createServerEvaluator } from './modules/problems/evaluation/serverEvaluator.ts';
import { warmLastValues } from './modules/telemetry/warmLastValues.ts';
import { openDatabase, type Database } from './platform/db/database.ts';
import { loadOrCreateSecret } from './platform/db/settings.ts';
import type { TelemetryBus } from './platform/events/telemetryBus.ts';
import { createOutboundPolicy } from './platform/outbound/addressPolicy.ts';
import { openSecretBox } from './platform/secrets/openSecretBox.ts';
import type { SecretBox } from './platform/secrets/secretBox.ts';
import type { FileStore } from './platform/files/fileStore.ts';
import { openFileStore } from './platform/files/openFileStore.ts';
import { createLastValueTable, type LastValueTable } from './platform/live/lastValueTable.ts';
import { lastSeenFromTable } from './platform/live/lastSeenFromTable.ts';
import { attachLive, type LiveServer } from './platform/live/liveServer.ts';
import { openTelemetryBus } from './platform/live/redisTelemetryBus.ts';
import { startTimeSeriesMaintenance } from './platform/timeseries/maintenanceJob.ts';
import { openTimeSeriesStore } from './platform/timeseries/openTimeSeriesStore.ts';
import type { TimeSeriesStore } from './platform/timeseries/timeSeriesStore.ts';
import { agentMessageDeps } from './modules/agentMqtt/agentMessage.ts';
import { mqttProcessName, startAgentMqttIngest } from './modules/agentMqtt/agentMqttIngest.ts';
import {
  loadOrCreateSigningKeys,
  publicJwks,
  type PrivateSigningJwk,
} from './platform/identity/signingKeys.ts';
import { createTokenVerifier, localKeys, remoteKeys } from './platform/identity/tokenVerifier.ts';

export interface Server {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The embedded issuer's keys; empty with an external issuer. */
  signingKeys: PrivateSigningJwk[];
  files: FileStore;
  timeseries: TimeSeriesStore;
  bus: TelemetryBus;
  lastValues: LastValueTable;
  live: LiveServer;
  /** Problem evaluation; scheduled when config.problems.evaluate, and callable by tests and benchmarks. */
  evaluator: ProblemEvaluator;
  /** Tells people and webhooks of problem changes; what the evaluator calls after it commits. */
  notifier: ProblemNotifier;
  /** Tells people of their tickets' changes (off with KELVIN_TICKET_NOTICES_MS=0: tests run it by hand). */
  ticketNotifier: TicketNotifier;
  /** Sends the webhook outbox (every process runs one); tests drain it. */
  webhookSender: WebhookSender;
  /** Encrypts stored credentials (webhook secrets) with KELVIN_SECRET_KEY or the data directory's key. */
  secrets: SecretBox;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** An already opened database (tests bring their own); otherwise opened from the config. */
  database?: Database;
  /** An already opened time-series store (tests use an in-memory DuckDB); otherwise opened from the config. */
  timeseries?: TimeSeriesStore;
}

/** config → stores → identity → HTTP app. Listening is left to the caller. */
export async function createServer(config: Config, options: ServerOptions = {}): Promise<Server> {
  const database =
    options.database ??
    (await openDatabase({ url: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pg') }));

  let signingKeys: PrivateSigningJwk[] = [];
  let verifierKeys;
  if (config.identity.kind === 'embedded') {
    signingKeys = await loadOrCreateSigningKeys(database.db);
    verifierKeys = localKeys(publicJwks(signingKeys));
  } else {
    verifierKeys = await remoteKeys(config.identity.issuer);
  }
  const verifier = createTokenVerifier({
    issuer: config.identity.issuer,
    audience: config.identity.clientId,
    keys: verifierKeys,
    sessionActive:
      config.identity.kind === 'embedded'
        ? (sessionUid) => isSessionActive(database.db, sessionUid)
        : undefined,
  });

  // Stored credentials: the key is checked against the database first, and secrets from before encryption sealed.
  const secrets = await openSecretBox(database.db, config);
  await sealPlaintextWebhookSecrets(database.db, secrets);
  // Webhooks reach the public internet and the networks the operator admits, nothing else (platform/outbound).
  const webhookSend = {
    outbound: createOutboundPolicy({ allowNetworks: config.webhookAllowNetworks }),
    secrets,
  };

  // A bucket with S3_* (checked reachable here), else the data directory's files served at /files/*.
  const { files, filesOrigin } = await openFileStore({
    s3: config.s3,
    root: path.join(config.dataDir, 'files'),
    publicOrigin: config.publicOrigin,
    signingSecret: () => loadOrCreateSecret(database.db, 'files.signingSecret'),
  });

  const timeseries = options.timeseries ?? (await openTimeSeriesStore(config.timeseries));
  // In-process, or over Redis so that every process's last values and live subscribers see every batch.
  const bus = await openTelemetryBus({ redisUrl: config.redisUrl });
  const lastValues = createLastValueTable();
  const detachLastValues = lastValues.attach(bus);

  // Bound to the live server below: it can only be attached once the app is ready.
  const notificationRelay = createLateBoundRelay();
  const app = await buildApp({
    config,
    database,
    verifier,
    files,
    filesOrigin,
    timeseries,
    bus,
    lastValues,
    notificationRelay,
    webhookSend,
  });
  // Before the server answers, so that last values and online status are never blank after a restart. The table
  // is already fed by the bus: a reading arriving meanwhile (from another process) keeps its newer value.
  try {
    const warmed = await warmLastValues({
      db: database.db,
      timeseries,
      table: lastValues,
      since: Date.now() - config.retention.rawMs,
    });
    app.log.info(warmed, 'last values warmed from the time-series store');
  } catch (error) {
    // The table still fills from new readings; a store that cannot answer here fails loudly elsewhere.
    app.log.error({ err: error }, 'last values not warmed');
  }
  const stopMaintenance = startTimeSeriesMaintenance(timeseries, config.retention, app.log);
  const webhookSender = startWebhookSender({ db: database.db, logger: app.log, ...webhookSend });
  const notifier = createProblemNotifier({
    db: database.db,
    relay: notificationRelay,
    logger: app.log,
    onDeliveriesQueued: () => webhookSender.wake(),
    consoleOrigin: config.publicOrigin,
  });
  const ticketNotifier = createTicketNotifier({
    db: database.db,
    relay: notificationRelay,
    logger: app.log,
    onDeliveriesQueued: () => webhookSender.wake(),
    consoleOrigin: config.publicOrigin,
  });
  const stopTicketNotices =
    config.ticketNoticesMs > 0 ? ticketNotifier.start(config.ticketNoticesMs) : () => Promise.resolve();
  const evaluator = createServerEvaluator({
    db: database.db,
    timeseries,
    lastSeen: lastSeenFromTable(lastValues),
    config: config.problems,
    logger: app.log,
    notifier,
  });
  let stopEvaluation = () => Promise.resolve();
  if (config.problems.evaluate) {
    const stopSchedule = evaluator.start();
    // Every process hears every batch (the bus), and each evaluates only the rules it holds.
    const stopTriggers = bus.subscribe((values) => evaluator.noteValues(values));
    stopEvaluation = async () => {
      stopTriggers();
      await stopSchedule();
    };
  }
  if (config.identity.kind === 'embedded') {
    await mountEmbeddedIdentity(app, { config, db: database.db, keys: signingKeys });
  }
  await app.ready();
  const live = await attachLive(app, {
    // Who may connect and subscribe to what: the live values module's rules, the HTTP calls' own functions.
    policy: createLiveAccessPolicy({ db: database.db, verifier }),
    table: lastValues,
    redisUrl: config.redisUrl,
  });
  notificationRelay.bind(live);
  const agentsOverMqtt = config.mqtt
    ? await startAgentMqttIngest(
        { ...config.mqtt, processName: mqttProcessName(config.port) },
        agentMessageDeps({ db: database.db, timeseries, bus, log: app.log }),
        app.log,
      )
    : undefined;
  return {
    app,
    database,
    config,
    signingKeys,
    files,
    timeseries,
    bus,
    lastValues,
    live,
    evaluator,
    notifier,
    ticketNotifier,
    webhookSender,
    secrets,
    close: async () => {
      // First: a message being stored finishes (and is acknowledged) while the stores are still open.
      await agentsOverMqtt?.close();
      stopMaintenance();
      await stopEvaluation();
      await stopTicketNotices();
      await webhookSender.stop();
      // Socket.IO first: closing it after Fastify would close the HTTP server a second time.
      await live.close();
      await app.close();
      detachLastValues();
      await bus.close();
      await timeseries.close();
      await database.close();
      if (files.kind === 's3') files.close();
    },
  };
}
