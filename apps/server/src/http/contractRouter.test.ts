import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, errorEnvelopeSchema, idParam } from '@kelvin/contract';
import { registerEndpoint } from './contractRouter.ts';
import { installErrorHandler } from './errorHandler.ts';
import { unauthorized } from './httpError.ts';

const createWidget = endpoint({
  name: 'widgets.create',
  method: 'POST',
  path: '/widgets.create',
  summary: 'test',
  auth: 'public',
  body: z.strictObject({ name: z.string().min(1), size: z.number().int() }),
  output: z.object({ widgetId: z.number(), name: z.string() }),
});
const getWidget = endpoint({
  name: 'widgets.get',
  method: 'GET',
  path: '/widgets/{widgetId}',
  summary: 'test',
  auth: 'user',
  params: z.object({ widgetId: idParam }),
  output: z.object({ widgetId: z.number() }),
});

describe('contract router', () => {
  let app: FastifyInstance;
  let url: string;
  const written: string[] = [];

  beforeAll(async () => {
    app = Fastify();
    installErrorHandler(app, { spaFallback: false });
    const denyAll = {
      user: () => Promise.reject(unauthorized()),
      agent: () => Promise.reject(unauthorized()),
    };
    registerEndpoint(app, denyAll, createWidget, ({ body }) => {
      written.push(body.name);
      // The extra field must not leave the server: the output schema is the presenter.
      return Promise.resolve({ widgetId: 7, name: body.name, secret: 'hidden' });
    });
    registerEndpoint(app, denyAll, getWidget, ({ params }) => Promise.resolve({ widgetId: params.widgetId }));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  const post = (body: string) =>
    fetch(`${url}/api/widgets.create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it('passes a valid body to the handler and strips undeclared output fields', async () => {
    const response = await post(JSON.stringify({ name: 'fan', size: 3 }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ widgetId: 7, name: 'fan' });
    expect(written).toEqual(['fan']);
  });

  it.each([
    ['a wrong type', { name: 'fan', size: 'big' }, 'body.size'],
    ['a missing field', { size: 3 }, 'body.name'],
    ['an unknown field', { name: 'fan', size: 3, colour: 'red' }, 'body'],
  ])('refuses %s with a 400 naming the field and writes nothing', async (_label, body, field) => {
    const before = written.length;
    const response = await post(JSON.stringify(body));
    expect(response.status).toBe(400);
    const envelope = errorEnvelopeSchema.parse(await response.json());
    expect(envelope.code).toBe('BAD_REQUEST');
    expect(envelope.message).toContain(field);
    expect(envelope.details?.map((detail) => detail.field)).toContain(field);
    if (field === 'body') expect(envelope.message).toContain('colour');
    expect(written.length).toBe(before);
  });

  it('refuses malformed JSON with the error envelope', async () => {
    const response = await post('{"name": ');
    expect(response.status).toBe(400);
    expect(errorEnvelopeSchema.parse(await response.json()).code).toBe('BAD_REQUEST');
  });

  it('authenticates before validating', async () => {
    const response = await fetch(`${url}/api/widgets/not-a-number`);
    expect(response.status).toBe(401);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await fetch(`${url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(errorEnvelopeSchema.parse(await response.json()).code).toBe('NOT_FOUND');
  });
});
