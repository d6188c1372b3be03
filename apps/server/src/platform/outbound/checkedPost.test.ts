import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/testServer.ts';
import { createOutboundPolicy, OutboundError, type ResolvedAddress } from './addressPolicy.ts';
import { postToCheckedAddress } from './checkedPost.ts';

interface Seen {
  path: string;
  host: string;
  body: string;
}

/** A listener on 127.0.0.1 answering by path: /redirect with a 302 to /landed, /hang never, the rest 204. */
async function startListener(): Promise<{ port: number; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        path: request.url ?? '',
        host: request.headers.host ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (request.url === '/hang') return;
      if (request.url === '/redirect') {
        response.writeHead(302, { Location: '/landed' });
        response.end();
        return;
      }
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, seen, server };
}

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(error)}`);
  return error;
}

describe('POST to a checked address', () => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  const admitted = createOutboundPolicy({ allowNetworks: ['127.0.0.1/32'] });
  const post = (url: string, timeoutMs = 5000) => ({
    url,
    headers: { 'Content-Type': 'application/json' },
    body: '{"event":"webhook.test"}',
    timeoutMs,
  });

  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(() => {
    listener.server.closeAllConnections();
    listener.server.close();
  });

  it('never connects to loopback unless the allow list admits it: nothing reaches the listener', async () => {
    const refused = createOutboundPolicy({ allowNetworks: [] });
    const before = listener.seen.length;
    for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '2130706433'])
      expect(
        (await failure(postToCheckedAddress(refused, post(`http://${host}:${listener.port}/x`)))).kind,
      ).toBe('address-not-allowed');
    expect(listener.seen.length).toBe(before);
  });

  it('posts the body to an admitted address and answers its status', async () => {
    expect(await postToCheckedAddress(admitted, post(`http://127.0.0.1:${listener.port}/hook`))).toEqual({
      status: 204,
    });
    expect(listener.seen.at(-1)).toMatchObject({ path: '/hook', body: '{"event":"webhook.test"}' });
  });

  it('connects to the address it checked: the host name is looked up once, never again by the socket', async () => {
    const lookups: string[] = [];
    // A rebinding resolver: the checked answer first, a refused address after. A second look-up would get it.
    const rebinding = (hostname: string): Promise<ResolvedAddress[]> => {
      lookups.push(hostname);
      return Promise.resolve([{ address: lookups.length === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }]);
    };
    const policy = createOutboundPolicy({ allowNetworks: ['127.0.0.1/32'], lookup: rebinding });
    const answer = await postToCheckedAddress(
      policy,
      post(`http://receiver.plant.test:${listener.port}/pinned`),
    );
    expect(answer.status).toBe(204);
    expect(lookups).toEqual(['receiver.plant.test']);
    // The request still names the host it was sent for.
    expect(listener.seen.at(-1)).toMatchObject({
      path: '/pinned',
      host: `receiver.plant.test:${listener.port}`,
    });
  });

  it('does not follow a redirect: the 302 is the answer', async () => {
    const answer = await postToCheckedAddress(admitted, post(`http://127.0.0.1:${listener.port}/redirect`));
    expect(answer.status).toBe(302);
    expect(listener.seen.map((seen) => seen.path)).not.toContain('/landed');
  });

  it('fails with only a kind: a timeout, a refused connection, a name that does not resolve', async () => {
    expect(
      (await failure(postToCheckedAddress(admitted, post(`http://127.0.0.1:${listener.port}/hang`, 200))))
        .kind,
    ).toBe('timeout');
    const closed = await failure(
      postToCheckedAddress(admitted, post(`http://127.0.0.1:${await freePort()}/x`)),
    );
    expect(closed.kind).toBe('failed');
    expect(closed.detail).toBe('ECONNREFUSED');
    expect((await failure(postToCheckedAddress(admitted, post('http://nowhere.invalid/x')))).kind).toBe(
      'unresolved',
    );
    expect((await failure(postToCheckedAddress(admitted, post('ftp://127.0.0.1/x')))).kind).toBe('failed');
  });
});
