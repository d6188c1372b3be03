import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveTransportHandlers } from './liveTransport.ts';

/** Enough of a socket.io-client Socket for the transport: events, connect, disconnect, acks. */
class FakeSocket extends EventEmitter {
  active = false;
  readonly io = new EventEmitter();
  readonly sent: [string, unknown][] = [];
  connects = 0;
  token: unknown;
  constructor(
    readonly url: string,
    readonly options: { path: string; auth: (callback: (data: object) => void) => void },
  ) {
    super();
  }
  connect() {
    this.connects++;
    this.active = true;
    this.options.auth((data) => {
      this.token = 'token' in data ? data.token : undefined;
    });
  }
  disconnect() {
    this.active = false;
  }
  override emit(event: string, ...args: unknown[]): boolean {
    if (['subscribe', 'unsubscribe'].includes(event)) {
      this.sent.push([event, args[0]]);
      return true;
    }
    return super.emit(event, ...args);
  }
  timeout() {
    return {
      emitWithAck: (event: string, payload: unknown) => {
        this.sent.push([event, payload]);
        return Promise.resolve({ accepted: ['1/1'], refused: [] });
      },
    };
  }
}

const sockets = vi.hoisted(() => {
  const created: unknown[] = [];
  return { created };
});
vi.mock('socket.io-client', () => ({
  io: (url: string, options: ConstructorParameters<typeof FakeSocket>[1]) => {
    const socket = new FakeSocket(url, options);
    sockets.created.push(socket);
    return socket;
  },
}));

const { socketIoTransport } = await import('./liveTransport.ts');

function lastSocket(): FakeSocket {
  const socket = sockets.created.at(-1);
  if (!(socket instanceof FakeSocket)) throw new Error('no socket created');
  return socket;
}

function recordingHandlers() {
  const calls: string[] = [];
  const handlers: LiveTransportHandlers = {
    connecting: () => calls.push('connecting'),
    connected: () => calls.push('connected'),
    reconnecting: () => calls.push('reconnecting'),
    disconnected: (reason) => calls.push(`disconnected:${reason}`),
    connectError: ({ message, code }) => calls.push(`error:${message}:${code ?? '-'}`),
    update: (payload) => calls.push(`update:${JSON.stringify(payload)}`),
    notificationsChanged: (payload) => calls.push(`notifications:${JSON.stringify(payload)}`),
  };
  return { calls, handlers };
}

describe('socket.io transport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to the live namespace and path with the current token', async () => {
    let token = 'first';
    const transport = socketIoTransport({ getToken: () => token, origin: 'https://kelvin.test' });
    const { calls, handlers } = recordingHandlers();
    transport.open(handlers);
    const socket = lastSocket();
    expect(socket.url).toBe('https://kelvin.test/live');
    expect(socket.options.path).toBe('/live/socket.io');
    expect(socket.token).toBe('first');
    socket.emit('connect');
    // One message of the server carries many paths' values: each is handed on by itself.
    socket.emit('metricValueStateUpdates', [{ path: '1/1' }, { path: '1/2' }]);
    socket.emit('notificationsChanged', { unreadCount: 2 });
    expect(await transport.subscribe(['1/1'])).toEqual({ accepted: ['1/1'], refused: [] });
    transport.unsubscribe(['1/1']);
    expect(socket.sent).toEqual([
      ['subscribe', { paths: ['1/1'] }],
      ['unsubscribe', { paths: ['1/1'] }],
    ]);
    socket.io.emit('reconnect_attempt', 1);
    token = 'renewed';
    socket.connect();
    expect(socket.token).toBe('renewed');
    expect(calls).toEqual([
      'connecting',
      'connected',
      'update:{"path":"1/1"}',
      'update:{"path":"1/2"}',
      'notifications:{"unreadCount":2}',
      'reconnecting',
    ]);
  });

  it('retries a refused handshake later, which socket.io does not do by itself', () => {
    const transport = socketIoTransport({
      getToken: () => 't',
      origin: 'https://kelvin.test',
      retryDelaysMs: [100],
    });
    const { calls, handlers } = recordingHandlers();
    transport.open(handlers);
    const socket = lastSocket();
    socket.active = false;
    socket.emit(
      'connect_error',
      Object.assign(new Error('The token is invalid or has expired.'), {
        data: { code: 'UNAUTHORIZED' },
      }),
    );
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(100);
    expect(socket.connects).toBe(2);
    expect(calls).toEqual([
      'connecting',
      'error:The token is invalid or has expired.:UNAUTHORIZED',
      'reconnecting',
    ]);
  });

  it('reconnects after the server ends the connection (token expiry), and close stops everything', () => {
    const transport = socketIoTransport({
      getToken: () => 't',
      origin: 'https://kelvin.test',
      retryDelaysMs: [100],
    });
    const { calls, handlers } = recordingHandlers();
    transport.open(handlers);
    const socket = lastSocket();
    socket.emit('connect');
    socket.emit('disconnect', 'io server disconnect');
    vi.advanceTimersByTime(100);
    expect(socket.connects).toBe(2);
    socket.emit('disconnect', 'io server disconnect');
    transport.close();
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toBe(2);
    expect(socket.active).toBe(false);
    expect(calls).toEqual([
      'connecting',
      'connected',
      'disconnected:io server disconnect',
      'reconnecting',
      'disconnected:io server disconnect',
    ]);
  });
});
