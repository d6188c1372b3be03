import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { environmentFromOrigin, parseIsoDuration, type Environment } from '@kelvin/domain';
import {
  DEFAULT_MEMORY_MB,
  MIN_MEMORY_MB,
  splitMemoryBudget,
  type MemoryBudget,
} from './platform/memory/memoryBudget.ts';
import type { S3Settings } from './platform/files/s3FileStore.ts';
import { parseNetwork } from './platform/outbound/addressPolicy.ts';
import { parseSecretKey, SECRET_KEY_FORMAT } from './platform/secrets/secretKey.ts';

/** The repository root: the default data directory and the web build are found from here. */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Client id of the console at the embedded identity provider. */
export const EMBEDDED_CLIENT_ID = 'kelvin-console';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_ORIGIN: z.url().optional(),
  KELVIN_DATA_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  KELVIN_DEMO_PASSWORD: z.string().min(8, 'KELVIN_DEMO_PASSWORD must be at least 8 characters').optional(),
  KELVIN_SEED_DEMO: z.enum(['true', 'false']).default('true'),
  KELVIN_WEB_DIST: z.string().optional(),
  /** Lifetime of ID tokens issued by the embedded provider; the console renews when under 120 s remain. */
  KELVIN_ID_TOKEN_TTL_SECONDS: z.coerce.number().int().min(130).max(86_400).default(3600),
  /** ClickHouse for time series at scale; DuckDB in the data directory when absent. */
  CLICKHOUSE_URL: z.url().optional(),
  CLICKHOUSE_DATABASE: z.string().regex(/^\w+$/).default('kelvin'),
  /** The process's memory budget: DuckDB, the series caches and the upload buffers take shares of it. */
  KELVIN_MEMORY_MB: z.coerce
    .number()
    .int('KELVIN_MEMORY_MB must be a whole number of megabytes')
    .min(MIN_MEMORY_MB, `KELVIN_MEMORY_MB must be at least ${MIN_MEMORY_MB} (megabytes)`)
    .max(1_048_576, 'KELVIN_MEMORY_MB is in megabytes: at most 1048576 (1 TB)')
    .default(DEFAULT_MEMORY_MB),
  /** DuckDB's directory when not the data directory: each process of a cluster without ClickHouse has its own. */
  KELVIN_DUCKDB_DIR: z.string().min(1).optional(),
  /** Names this process in an `x-kelvin-process` response header (the cluster sets it); no header when unset. */
  KELVIN_PROCESS_NAME: z
    .string()
    .regex(/^[\w.-]{1,40}$/, 'KELVIN_PROCESS_NAME: up to 40 letters, digits, _, . and -')
    .optional(),
  /** How many server processes `npm run start:cluster` starts behind HAProxy. */
  KELVIN_CLUSTER_PROCESSES: z.coerce.number().int().min(1).max(64).default(2),
  /** Shares live subscribers and last values between server processes. */
  REDIS_URL: z.string().optional(),
  /** An MQTT broker agents may publish to (mqtt:// or mqtts://); absent, agents send over HTTP only. */
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\/\S+$/, 'MQTT_URL must be an mqtt://, mqtts://, ws:// or wss:// address')
    .optional(),
  MQTT_TOPIC_PREFIX: z
    .string()
    .regex(/^[\w-]+(\/[\w-]+)*$/, 'MQTT_TOPIC_PREFIX: topic levels of letters, digits, _ and -')
    .default('kelvin'),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[\w-]+$/)
    .default('kelvin-ingest'),
  MQTT_CONNECTIONS: z.coerce.number().int().min(1).max(64).default(4),
  /** Retention in days: raw points, 1-minute rollups, 1-hour rollups. */
  KELVIN_RETENTION_RAW_DAYS: z.coerce.number().int().min(1).default(90),
  KELVIN_RETENTION_MINUTE_DAYS: z.coerce.number().int().min(1).default(400),
  KELVIN_RETENTION_HOUR_DAYS: z.coerce.number().int().min(1).default(1100),
  /** Retention of device logs in days. */
  KELVIN_RETENTION_LOGS_DAYS: z.coerce.number().int().min(1).default(30),
  /** Reverse proxies in front of the server: 0 (default) trusts no X-Forwarded-* header. */
  /** How often ticket changes are read from the audit trail and told to their people (ms); 0 tells nobody. */
  KELVIN_TICKET_NOTICES_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  // Problem evaluation: on in every process by default (leases keep one evaluator per rule); a cycle every 30 s.
  KELVIN_PROBLEMS_EVALUATE: z.enum(['true', 'false']).default('true'),
  KELVIN_PROBLEMS_CYCLE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  KELVIN_PROBLEMS_ESCALATE_AFTER: z
    .string()
    .default('PT30M')
    .transform((text, context) => {
      try {
        return parseIsoDuration(text);
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  /** Networks webhooks may reach although not public (an on-premise receiver): CIDRs, comma-separated. */
  KELVIN_WEBHOOK_ALLOW_NETWORKS: z
    .string()
    .default('')
    .transform((text, context) => {
      const networks = text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      const invalid = networks.filter((item) => parseNetwork(item) === null);
      if (invalid.length > 0)
        context.addIssue({
          code: 'custom',
          message: `not a network (CIDR such as 10.20.0.0/16 or fd00::/8): ${invalid.join(', ')}`,
        });
      return networks;
    }),
  /** The key stored secrets are encrypted with; generated into the data directory when unset. */
  KELVIN_SECRET_KEY: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined) return undefined;
      const key = parseSecretKey(text);
      if (!key) context.addIssue({ code: 'custom', message: `must be ${SECRET_KEY_FORMAT}` });
      return key ?? undefined;
    }),
  /** A real NetSuite account: all three set, or none (the built-in sandbox at /sandbox/netsuite answers). */
  NETSUITE_ACCOUNT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'must be a NetSuite account id such as 1234567 or 1234567_SB1')
    .optional(),
  NETSUITE_CLIENT_ID: z.string().min(1).optional(),
  NETSUITE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Files in an S3-compatible bucket (all but S3_FORCE_PATH_STYLE together); `KELVIN_DATA_DIR/files` when absent. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lower-case letters, digits, . and -',
    )
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** The site origin users reach the console at; decides the environment. */
  publicOrigin: string;
  environment: Environment;
  dataDir: string;
  /** PostgreSQL connection string; PGlite in `dataDir/pg` when absent. */
  databaseUrl: string | undefined;
  identity:
    | { kind: 'embedded'; issuer: string; clientId: string }
    | { kind: 'external'; issuer: string; clientId: string };
  demoPassword: string | undefined;
  timeseries: {
    clickhouseUrl: string | undefined;
    clickhouseDatabase: string;
    duckdbDirectory: string;
    duckdbSeriesCacheBytes: number;
    duckdbMemoryLimitMb: number;
    duckdbThreads: number;
  };
  /** The shares of KELVIN_MEMORY_MB (platform/memory/memoryBudget.ts). */
  memory: MemoryBudget;
  redisUrl: string | undefined;
  /** KELVIN_PROCESS_NAME: sent as `x-kelvin-process` on every response, to tell a cluster's processes apart. */
  processName: string | undefined;
  /** How many processes `npm run start:cluster` starts (src/cluster). */
  clusterProcesses: number;
  /** Agents over MQTT (modules/agentMqtt); undefined when MQTT_URL is not set. */
  mqtt: { url: string; topicPrefix: string; shareGroup: string; connections: number } | undefined;
  retention: { rawMs: number; minuteMs: number; hourMs: number; logsMs: number };
  /** Problem evaluation: whether this process evaluates, how often, and when an unacknowledged problem escalates. */
  problems: { evaluate: boolean; cycleMs: number; escalateAfterMs: number };
  /** Ticket notices (notifications/ticketNotifier.ts): how often they are read; 0 is off. */
  ticketNoticesMs: number;
  idTokenTtlSeconds: number;
  seedDemo: boolean;
  webDistDir: string;
  /** How many reverse proxies to trust for the client address and protocol. */
  trustProxyHops: number;
  /** Networks (CIDRs) webhooks may reach although not on the public internet. */
  webhookAllowNetworks: string[];
  /** KELVIN_SECRET_KEY: encrypts stored secrets; undefined keeps a generated one in the data directory. */
  secretKey: Buffer | undefined;
  /** Where NetSuite is: a real account, or the server's own sandbox (modules/netsuiteSandbox). */
  netsuite: NetsuiteConfig;
  /** Files in an S3-compatible bucket; undefined keeps them under `dataDir/files`. */
  s3: S3Settings | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
}

/**
 * NetSuite's two hosts and the OAuth 2.0 client. `sandbox`: the server's own sandbox, at
 * `${publicOrigin}/sandbox/netsuite` for both hosts, with a client of its own.
 */
export interface NetsuiteConfig {
  kind: 'account' | 'sandbox';
  accountId: string;
  /** https://<account>.app.netsuite.com: the authorization page's host. */
  appOrigin: string;
  /** https://<account>.suitetalk.api.netsuite.com: tokens, records and SuiteQL. */
  apiOrigin: string;
  clientId: string;
  clientSecret: string;
}

/** The sandbox's account and client: fixed, since the sandbox is the server itself. */
export const NETSUITE_SANDBOX_ACCOUNT = 'SANDBOX';
export const NETSUITE_SANDBOX_CLIENT_ID = 'kelvin-sandbox-client';
export const NETSUITE_SANDBOX_CLIENT_SECRET = 'kelvin-sandbox-secret';

function netsuiteConfig(
  e: { NETSUITE_ACCOUNT_ID?: string; NETSUITE_CLIENT_ID?: string; NETSUITE_CLIENT_SECRET?: string },
  publicOrigin: string,
): NetsuiteConfig {
  const { NETSUITE_ACCOUNT_ID: accountId, NETSUITE_CLIENT_ID: clientId, NETSUITE_CLIENT_SECRET: secret } = e;
  const given = [accountId, clientId, secret].filter((value) => value !== undefined).length;
  if (given > 0 && given < 3)
    throw new ConfigError(
      'NETSUITE_ACCOUNT_ID, NETSUITE_CLIENT_ID and NETSUITE_CLIENT_SECRET go together: set all three for a real account, or none for the sandbox.',
    );
  if (accountId !== undefined && clientId !== undefined && secret !== undefined) {
    // NetSuite's hosts write the account id in lower case with '-' for '_' (1234567_SB1 → 1234567-sb1).
    const host = accountId.toLowerCase().replace(/_/g, '-');
    return {
      kind: 'account',
      accountId,
      appOrigin: `https://${host}.app.netsuite.com`,
      apiOrigin: `https://${host}.suitetalk.api.netsuite.com`,
      clientId,
      clientSecret: secret,
    };
  }
  const sandbox = `${publicOrigin}/sandbox/netsuite`;
  return {
    kind: 'sandbox',
    accountId: NETSUITE_SANDBOX_ACCOUNT,
    appOrigin: sandbox,
    apiOrigin: sandbox,
    clientId: NETSUITE_SANDBOX_CLIENT_ID,
    clientSecret: NETSUITE_SANDBOX_CLIENT_SECRET,
  };
}

const S3_REQUIRED = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

/** All of the bucket's variables or none: a half-configured bucket would quietly keep files on local disk. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const given = [...S3_REQUIRED, 'S3_FORCE_PATH_STYLE'] as const;
  if (given.every((name) => e[name] === undefined)) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = e;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_REGION || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      `Files in a bucket need ${S3_REQUIRED.join(', ')} together (S3_FORCE_PATH_STYLE is optional); missing: ${missing.join(', ')}. Unset them all to keep files on local disk.`,
    );
  return {
    endpoint: S3_ENDPOINT.replace(/\/$/, ''),
    bucket: S3_BUCKET,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

const DAY_MS = 86_400_000;

export class ConfigError extends Error {}

/** Environment → typed, validated config. The one place that reads process.env. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const environment = environmentFromOrigin(publicOrigin);
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, e.KELVIN_DATA_DIR ?? path.join(repoRoot, 'data'));

  let identity: Config['identity'];
  if (e.OIDC_ISSUER) {
    if (!e.OIDC_CLIENT_ID) {
      throw new ConfigError(
        `OIDC_ISSUER is set but OIDC_CLIENT_ID is missing: the ${environment} environment (${publicOrigin}) has no sign-in client id.`,
      );
    }
    identity = { kind: 'external', issuer: e.OIDC_ISSUER.replace(/\/$/, ''), clientId: e.OIDC_CLIENT_ID };
  } else {
    identity = {
      kind: 'embedded',
      issuer: `${publicOrigin}/oidc`,
      clientId: e.OIDC_CLIENT_ID ?? EMBEDDED_CLIENT_ID,
    };
  }

  const memory = splitMemoryBudget(e.KELVIN_MEMORY_MB, availableParallelism());
  const webDistDir = path.resolve(baseDir, e.KELVIN_WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'));
  return {
    port: e.PORT,
    host: e.HOST,
    publicOrigin,
    environment,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    identity,
    demoPassword: e.KELVIN_DEMO_PASSWORD,
    timeseries: {
      clickhouseUrl: e.CLICKHOUSE_URL,
      clickhouseDatabase: e.CLICKHOUSE_DATABASE,
      duckdbDirectory:
        e.KELVIN_DUCKDB_DIR === undefined ? dataDir : path.resolve(baseDir, e.KELVIN_DUCKDB_DIR),
      duckdbSeriesCacheBytes: memory.seriesCacheBytes,
      duckdbMemoryLimitMb: memory.duckdbMemoryLimitMb,
      duckdbThreads: memory.duckdbThreads,
    },
    memory,
    redisUrl: e.REDIS_URL,
    processName: e.KELVIN_PROCESS_NAME,
    clusterProcesses: e.KELVIN_CLUSTER_PROCESSES,
    mqtt:
      e.MQTT_URL === undefined
        ? undefined
        : {
            url: e.MQTT_URL,
            topicPrefix: e.MQTT_TOPIC_PREFIX,
            shareGroup: e.MQTT_SHARE_GROUP,
            connections: e.MQTT_CONNECTIONS,
          },
    retention: {
      rawMs: e.KELVIN_RETENTION_RAW_DAYS * DAY_MS,
      minuteMs: e.KELVIN_RETENTION_MINUTE_DAYS * DAY_MS,
      hourMs: e.KELVIN_RETENTION_HOUR_DAYS * DAY_MS,
      logsMs: e.KELVIN_RETENTION_LOGS_DAYS * DAY_MS,
    },
    problems: {
      evaluate: e.KELVIN_PROBLEMS_EVALUATE === 'true',
      cycleMs: e.KELVIN_PROBLEMS_CYCLE_SECONDS * 1000,
      escalateAfterMs: e.KELVIN_PROBLEMS_ESCALATE_AFTER,
    },
    ticketNoticesMs: e.KELVIN_TICKET_NOTICES_MS,
    idTokenTtlSeconds: e.KELVIN_ID_TOKEN_TTL_SECONDS,
    seedDemo: e.KELVIN_SEED_DEMO === 'true',
    webDistDir,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    webhookAllowNetworks: e.KELVIN_WEBHOOK_ALLOW_NETWORKS,
    secretKey: e.KELVIN_SECRET_KEY,
    netsuite: netsuiteConfig(e, publicOrigin),
    s3: s3Settings(e),
    logLevel: e.LOG_LEVEL,
  };
}

export function webBuildExists(config: Config): boolean {
  return existsSync(path.join(config.webDistDir, 'index.html'));
}
