import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';

const idParams = z.object({ id: z.string() });
const pageQuery = z.object({ limit: z.coerce.number().default(1000), offset: z.coerce.number().default(0) });
const fields = z.record(z.string(), z.unknown());
const tokenForm = z.record(z.string(), z.string());
const suiteqlBody = z.object({ q: z.string() });

function pageOf<T>(all: T[], { limit, offset }: { limit: number; offset: number }) {
  const items = all.slice(offset, offset + limit);
  return {
    links: [],
    count: items.length,
    hasMore: offset + items.length < all.length,
    items,
    offset,
    totalResults: all.length,
  };
}

/** What the stub saw of the last request, so tests can check what the client sent. */
export interface StubSeen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

const errorBody = (status: number, title: string, code: string, detail: string) => ({
  type: `https://www.rfc-editor.org/rfc/rfc9110.html#section-15.5.${status === 401 ? 2 : 5}`,
  title,
  status,
  'o:errorDetails': [{ detail, 'o:errorCode': code }],
});

/**
 * A few lines of NetSuite's protocol for the client's unit tests (the contract test runs the same client against
 * the real sandbox): a token endpoint, `customer` records with eid addressing, and SuiteQL over three rows.
 */
export async function startNetsuiteStub(): Promise<{
  origin: string;
  seen: StubSeen[];
  close: () => Promise<void>;
}> {
  const app: FastifyInstance = Fastify();
  const seen: StubSeen[] = [];
  const customers = new Map<string, Record<string, unknown>>([
    ['7', { id: '7', companyName: 'Acme', externalId: 'kelvin-company-1' }],
  ]);
  let nextId = 100;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addHook('preHandler', (request, _reply, done) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers, body: request.body });
    done();
  });
  app.post('/services/rest/auth/oauth2/v1/token', (request, reply) => {
    const form = tokenForm.parse(request.body);
    if (request.headers.authorization !== `Basic ${Buffer.from('cid:secret').toString('base64')}`)
      return reply.code(401).send({ error: 'invalid_client' });
    if (form.grant_type === 'authorization_code' && form.code === 'good-code')
      return reply.send({
        access_token: 'access-1',
        refresh_token: 'refresh-1',
        expires_in: 3600,
        token_type: 'bearer',
      });
    if (form.grant_type === 'refresh_token' && form.refresh_token === 'refresh-1')
      return reply.send({ access_token: 'access-2', expires_in: '3600', token_type: 'bearer' });
    return reply
      .code(400)
      .send({ error: 'invalid_grant', error_description: 'The code or token is not valid.' });
  });
  app.post('/services/rest/auth/oauth2/v1/revoke', (_request, reply) => reply.code(200).send({}));
  app.register((records, _options, registered) => {
    records.addHook('onRequest', (request, reply, done) => {
      if (request.headers.authorization === 'Bearer access-1') done();
      else
        void reply.code(401).send(errorBody(401, 'Unauthorized', 'INVALID_LOGIN', 'Invalid login attempt.'));
    });
    const find = (idOrEid: string) =>
      idOrEid.startsWith('eid:')
        ? [...customers.values()].find((c) => c.externalId === idOrEid.slice(4))
        : customers.get(idOrEid);
    records.get('/services/rest/record/v1/customer', (request, reply) => {
      return reply.send(
        pageOf(
          [...customers.keys()].map((id) => ({ id, links: [] })),
          pageQuery.parse(request.query),
        ),
      );
    });
    records.get('/services/rest/record/v1/customer/:id', (request, reply) => {
      const found = find(idParams.parse(request.params).id);
      if (found === undefined)
        return reply
          .code(404)
          .send(errorBody(404, 'Record not found', 'NONEXISTENT_ID', 'The record instance does not exist.'));
      return reply.send({ links: [], ...found });
    });
    records.post('/services/rest/record/v1/customer', (request, reply) => {
      const id = String(nextId++);
      customers.set(id, { ...fields.parse(request.body), id });
      return reply.code(204).header('Location', `http://stub/services/rest/record/v1/customer/${id}`).send();
    });
    records.patch('/services/rest/record/v1/customer/:id', (request, reply) => {
      const found = find(idParams.parse(request.params).id);
      if (found === undefined)
        return reply.code(404).send(errorBody(404, 'Record not found', 'NONEXISTENT_ID', 'No such record.'));
      Object.assign(found, fields.parse(request.body));
      return reply.code(204).send();
    });
    records.put('/services/rest/record/v1/customer/:id', (request, reply) => {
      const key = idParams.parse(request.params).id;
      const found = find(key);
      const id = found === undefined ? String(nextId++) : String(found.id);
      customers.set(id, { ...fields.parse(request.body), id, externalId: key.slice(4) });
      return reply.code(204).send();
    });
    records.delete('/services/rest/record/v1/customer/:id', (request, reply) => {
      const found = find(idParams.parse(request.params).id);
      if (found !== undefined) customers.delete(String(found.id));
      return reply
        .code(found === undefined ? 404 : 204)
        .send(
          found === undefined ? errorBody(404, 'Not Found', 'NONEXISTENT_ID', 'No such record.') : undefined,
        );
    });
    records.post('/services/rest/query/v1/suiteql', (request, reply) => {
      const { q } = suiteqlBody.parse(request.body);
      if (!q.startsWith('SELECT'))
        return reply
          .code(400)
          .send(errorBody(400, 'Bad Request', 'INVALID_PARAMETER', 'Invalid search query.'));
      const rows = ['a', 'b', 'c'].map((name, i) => ({ links: [], id: String(i + 1), name, note: null }));
      return reply.send(pageOf(rows, pageQuery.parse(request.query)));
    });
    registered();
  });
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { origin, seen, close: () => app.close() };
}
