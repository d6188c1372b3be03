import { LIVE_NAMESPACE } from '@kelvin/contract';

export interface ClusterBackend {
  /** The process's name: HAProxy's server name, its sticky cookie value and its `x-kelvin-process` header. */
  name: string;
  port: number;
}

/** The cookie that keeps a browser's live connection on one process (see haproxyConfig). */
export const LIVE_STICKY_COOKIE = 'KELVIN_LIVE';

/**
 * HAProxy's configuration for the cluster: one address, the API and pages round robin over every process, the live
 * connection kept on one.
 *
 * Why a sticky cookie for /live: the console's socket.io-client (apps/web/src/features/live/liveTransport.ts) uses
 * socket.io's default transports, long polling first and then an upgrade to a WebSocket. A polling session lives
 * in the one process that opened it, so each of its requests, and the upgrade, must reach that process; round
 * robin would send them to another one, which answers "Session ID unknown". HAProxy inserts a cookie naming the
 * process on the first /live response and routes by it from then on. Everything else needs no stickiness: sign-in
 * sessions are in PostgreSQL, and live values cross processes over Redis (the Socket.IO adapter and the bus).
 */
export function haproxyConfig(options: { bind: string; port: number; backends: ClusterBackend[] }): string {
  const servers = (extra: (backend: ClusterBackend) => string) =>
    options.backends.map(
      (backend) =>
        `  server ${backend.name} 127.0.0.1:${backend.port} check inter 2s fall 3 rise 1${extra(backend)}`,
    );
  return [
    'global',
    // On stderr, which the launcher passes on: only requests that went wrong (dontlog-normal), with HAProxy's
    // reason (termination state), and servers going down or up.
    '  log stderr format short local0 info',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    // A request that could not reach its process (connection refused: nothing was sent), or a viewer whose live
    // process is down, goes to another one.
    '  option redispatch',
    '  retries 3',
    '  option forwardfor',
    '  timeout connect 5s',
    // Above the server's 72 s keep-alive (an agent's idle connection is closed by the server, not cut here).
    '  timeout client 80s',
    '  timeout server 80s',
    '  timeout http-request 30s',
    // A process busy with a burst of work may take a while to answer its health check: not yet a dead one.
    '  timeout check 5s',
    // An upgraded WebSocket is a tunnel: a viewer's live connection stays open for hours; socket.io pings it.
    '  timeout tunnel 12h',
    '  timeout client-fin 10s',
    '',
    'frontend kelvin',
    `  bind ${options.bind}:${options.port}`,
    `  acl live path_beg ${LIVE_NAMESPACE}/`,
    '  use_backend live if live',
    '  default_backend servers',
    '',
    'backend servers',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    ...servers(() => ''),
    '',
    'backend live',
    '  balance roundrobin',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    `  cookie ${LIVE_STICKY_COOKIE} insert indirect nocache httponly attr "SameSite=Lax"`,
    ...servers((backend) => ` cookie ${backend.name}`),
    '',
  ].join('\n');
}
