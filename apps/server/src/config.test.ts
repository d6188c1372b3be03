import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config.ts';

describe('loadConfig', () => {
  it('defaults to port 8080, the embedded issuer and ./data at the repository root', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.publicOrigin).toBe('http://localhost:8080');
    expect(config.environment).toBe('local');
    expect(config.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(config.identity).toEqual({
      kind: 'embedded',
      issuer: 'http://localhost:8080/oidc',
      clientId: 'kelvin-console',
    });
  });

  it('takes PORT and KELVIN_DATA_DIR, relative to where npm was started', () => {
    const config = loadConfig({ PORT: '9000', KELVIN_DATA_DIR: 'elsewhere', INIT_CWD: '/srv/kelvin' });
    expect(config.port).toBe(9000);
    expect(config.publicOrigin).toBe('http://localhost:9000');
    expect(config.dataDir).toBe('/srv/kelvin/elsewhere');
  });

  it('shares KELVIN_MEMORY_MB out to DuckDB, the series caches and uploads, 2048 MB by default', () => {
    expect(loadConfig({}).memory.totalMb).toBe(2048);
    const config = loadConfig({ KELVIN_MEMORY_MB: '4096' });
    expect(config.memory.totalMb).toBe(4096);
    expect(config.timeseries.duckdbMemoryLimitMb).toBe(config.memory.duckdbMemoryLimitMb);
    expect(config.timeseries.duckdbSeriesCacheBytes).toBe(config.memory.seriesCacheBytes);
    expect(config.memory.duckdbMemoryLimitMb).toBeGreaterThan(loadConfig({}).memory.duckdbMemoryLimitMb);
  });

  it('refuses a memory budget too small to run in, naming the variable', () => {
    expect(() => loadConfig({ KELVIN_MEMORY_MB: '1024' })).toThrow(ConfigError);
    expect(() => loadConfig({ KELVIN_MEMORY_MB: '1024' })).toThrow(/KELVIN_MEMORY_MB must be at least 1280/);
    expect(() => loadConfig({ KELVIN_MEMORY_MB: '2g' })).toThrow(/KELVIN_MEMORY_MB/);
  });

  it('evaluates problems every 30 s and escalates after 30 min by default, and reads both from the environment', () => {
    expect(loadConfig({}).problems).toEqual({
      evaluate: true,
      cycleMs: 30_000,
      escalateAfterMs: 30 * 60_000,
    });
    expect(
      loadConfig({
        KELVIN_PROBLEMS_EVALUATE: 'false',
        KELVIN_PROBLEMS_CYCLE_SECONDS: '10',
        KELVIN_PROBLEMS_ESCALATE_AFTER: 'PT1H',
      }).problems,
    ).toEqual({ evaluate: false, cycleMs: 10_000, escalateAfterMs: 3_600_000 });
    expect(() => loadConfig({ KELVIN_PROBLEMS_ESCALATE_AFTER: '30M' })).toThrow(
      "KELVIN_PROBLEMS_ESCALATE_AFTER: Duration string 30M not recognized. Must start with 'P'.",
    );
  });

  it('derives the environment from the public origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://dev.kelvin.example' }).environment).toBe('dev');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://console.kelvin.example' }).environment).toBe('production');
  });

  it('points at an external issuer when both OIDC variables are set', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://id.example/', OIDC_CLIENT_ID: 'abc' });
    expect(config.identity).toEqual({ kind: 'external', issuer: 'https://id.example', clientId: 'abc' });
  });

  it('stops with a clear message when the external issuer has no client id for the environment', () => {
    const load = () =>
      loadConfig({ OIDC_ISSUER: 'https://id.example', PUBLIC_ORIGIN: 'https://console.kelvin.example' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/OIDC_CLIENT_ID is missing: the production environment/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', KELVIN_DEMO_PASSWORD: 'short' })).toThrow(
      /PORT: .*\n.*KELVIN_DEMO_PASSWORD: KELVIN_DEMO_PASSWORD must be at least 8 characters/,
    );
  });
  it('reads the webhook allow list as CIDRs, none by default, and refuses what is not a network', () => {
    expect(loadConfig({}).webhookAllowNetworks).toEqual([]);
    expect(
      loadConfig({ KELVIN_WEBHOOK_ALLOW_NETWORKS: ' 10.20.0.0/16, fd00::/8,192.168.4.20 ,' })
        .webhookAllowNetworks,
    ).toEqual(['10.20.0.0/16', 'fd00::/8', '192.168.4.20']);
    expect(() => loadConfig({ KELVIN_WEBHOOK_ALLOW_NETWORKS: '10.0.0.0/8,intranet,10.0.0.0/40' })).toThrow(
      /KELVIN_WEBHOOK_ALLOW_NETWORKS: not a network .*: intranet, 10\.0\.0\.0\/40/,
    );
  });

  it('reads KELVIN_SECRET_KEY as 32 bytes, and refuses another length without echoing it', () => {
    const key = randomBytes(32);
    expect(loadConfig({}).secretKey).toBeUndefined();
    expect(loadConfig({ KELVIN_SECRET_KEY: key.toString('base64') }).secretKey).toEqual(key);
    expect(loadConfig({ KELVIN_SECRET_KEY: key.toString('hex') }).secretKey).toEqual(key);
    const load = () => loadConfig({ KELVIN_SECRET_KEY: 'hunter2-is-my-password' });
    expect(load).toThrow(/KELVIN_SECRET_KEY: must be 32 random bytes, base64 or hex/);
    expect(load).not.toThrow(/hunter2/);
  });

  it('keeps files on disk without S3_*, and takes the bucket when all its variables are set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const bucket = {
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com/',
      S3_BUCKET: 'kelvin-files',
      S3_REGION: 'eu-central-1',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(bucket).s3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'kelvin-files',
      region: 'eu-central-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...bucket, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it('refuses part of the bucket variables, naming the missing ones, and a bucket name S3 would refuse', () => {
    const load = () => loadConfig({ S3_BUCKET: 'kelvin-files', S3_REGION: 'eu-central-1' });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/missing: S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY\./);
    expect(() => loadConfig({ S3_FORCE_PATH_STYLE: 'true' })).toThrow(/missing: S3_ENDPOINT, S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Kelvin_Files' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
  });
});
