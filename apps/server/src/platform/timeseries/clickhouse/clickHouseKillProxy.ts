import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A moment in a client's HTTP traffic, counted from when the proxy is armed. */
export type KillMoment =
  | { kind: 'mid-request'; request: number }
  | { kind: 'request-sent'; request: number }
  | { kind: 'response'; request: number };

interface Flow {
  client: Socket;
  upstream: Socket;
  /** Bytes still due of the request being forwarded (0 between requests), and its body's length. */
  remaining: number;
  body: number;
  header: Buffer;
  /** The number (since arming; 0 before) of the flow's current request; its serial and the last one answered. */
  request: number;
  serial: number;
  answered: number;
  /** A request in chunks ends with an empty chunk: the last bytes forwarded tell. */
  chunked: boolean;
  tail: Buffer;
}

/**
 * A TCP proxy in front of ClickHouse that stops a client at an exact moment of its HTTP traffic, as the death of
 * its process would: what the client had not yet sent never arrives, what it had sent arrives and is followed by
 * the end of the connection, and answers are not passed back. `onKill` is called at that moment (it kills the
 * client process). Requests are told apart by their Content-Length or their chunked encoding.
 */
export async function startKillProxy(upstreamPort: number): Promise<{
  url: string;
  arm(moment: KillMoment | null, onKill: () => void): void;
  /** Passes traffic through untouched again (a new client opening its store). */
  disarm(): void;
  /** Requests seen since arming. */
  requests(): number;
  close(): Promise<void>;
}> {
  const flows = new Set<Flow>();
  let moment: KillMoment | null = null;
  let onKill = (): void => undefined;
  let armed = false;
  let killed = false;
  let requests = 0;
  let serial = 0;

  const kill = (): void => {
    killed = true;
    onKill();
    for (const flow of flows) {
      flow.upstream.end();
      flow.client.destroy();
    }
  };

  const cutting = (flow: Flow): boolean =>
    armed && moment?.kind === 'mid-request' && moment.request === flow.request;

  /** Forwards a request's bytes; at a kill moment, what the client had written up to there and nothing more. */
  const forward = (flow: Flow, chunk: Buffer): void => {
    let rest = chunk;
    while (rest.length > 0 && !killed) {
      if (flow.remaining === 0 && !flow.chunked) {
        // A new request: its header tells its length (or that it comes in chunks).
        flow.header = Buffer.concat([flow.header, rest]);
        const end = flow.header.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = flow.header.subarray(0, end + 4);
        const text = head.toString('latin1');
        rest = flow.header.subarray(end + 4);
        flow.header = Buffer.alloc(0);
        if (armed) requests += 1;
        flow.request = armed ? requests : 0;
        serial += 1;
        flow.serial = serial;
        flow.chunked = /transfer-encoding: *chunked/i.test(text);
        flow.remaining = Number(/content-length: *(\d+)/i.exec(text)?.[1] ?? 0);
        if (cutting(flow) && flow.remaining === 0 && !flow.chunked) {
          // No body: half of the header.
          flow.upstream.write(head.subarray(0, Math.floor(head.length / 2)));
          return kill();
        }
        flow.upstream.write(head);
        flow.body = flow.remaining;
        if (!flow.chunked && flow.remaining === 0) {
          if (sentMoment(flow)) return kill();
          continue;
        }
      }
      if (flow.chunked) {
        if (cutting(flow)) {
          flow.upstream.write(rest.subarray(0, Math.floor(rest.length / 2)));
          return kill();
        }
        flow.upstream.write(rest);
        flow.tail = Buffer.concat([flow.tail, rest]).subarray(-5);
        if (flow.tail.toString('latin1') === '0\r\n\r\n') {
          flow.chunked = false;
          flow.tail = Buffer.alloc(0);
          if (sentMoment(flow)) return kill();
        }
        return;
      }
      const take = Math.min(rest.length, flow.remaining);
      if (cutting(flow)) {
        // Half of the body, then the end of the connection.
        const allowed = flow.remaining - Math.floor(flow.body / 2);
        if (allowed <= take) {
          flow.upstream.write(rest.subarray(0, Math.max(0, allowed)));
          return kill();
        }
      }
      flow.upstream.write(rest.subarray(0, take));
      flow.remaining -= take;
      rest = rest.subarray(take);
      if (flow.remaining === 0 && sentMoment(flow)) return kill();
    }
  };
  const sentMoment = (flow: Flow): boolean =>
    armed && moment?.kind === 'request-sent' && moment.request === flow.request;

  const server: Server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port: upstreamPort });
    const flow: Flow = {
      client,
      upstream,
      remaining: 0,
      body: 0,
      header: Buffer.alloc(0),
      request: 0,
      serial: 0,
      answered: 0,
      chunked: false,
      tail: Buffer.alloc(0),
    };
    flows.add(flow);
    client.on('data', (chunk: Buffer) => forward(flow, chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (killed) return;
      const first = flow.answered !== flow.serial;
      if (first && armed && moment?.kind === 'response' && moment.request === flow.request) {
        kill();
        return;
      }
      flow.answered = flow.serial;
      client.write(chunk);
    });
    const drop = (): void => {
      flows.delete(flow);
      client.destroy();
      upstream.end();
    };
    client.on('close', drop);
    upstream.on('close', () => client.destroy());
    client.on('error', () => undefined);
    upstream.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    arm: (next, kill) => {
      moment = next;
      onKill = kill;
      armed = true;
      requests = 0;
    },
    disarm: () => {
      armed = false;
      requests = 0;
      killed = false;
      moment = null;
    },
    requests: () => requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
