import type { EndpointDef } from '@kelvin/contract';
import type { FuzzBody, FuzzRequest } from './fuzzCases.ts';
import { jsonText, percentEncode } from './fuzzValues.ts';

/** A valid image for calls that take a file, so that their baseline passes the file's checks. */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export function fuzzUrl(baseUrl: string, endpoint: EndpointDef, request: FuzzRequest): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    percentEncode(request.params[name] ?? '1'),
  );
  const query = request.query
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&');
  return `${baseUrl}/api${path}${query ? `?${query}` : ''}`;
}

function encodeBody(body: FuzzBody): { body?: string | FormData; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { body: jsonText(body.value), contentType: 'application/json' };
    case 'raw':
      return { body: body.text, ...(body.contentType === null ? {} : { contentType: body.contentType }) };
    case 'oversize':
      return { body: `{"fuzz":"${'a'.repeat(body.bytes - 11)}"}`, contentType: 'application/json' };
    case 'form': {
      const form = new FormData();
      for (const [name, value] of body.fields) form.append(name, value);
      form.append('upload', new Blob([ONE_PIXEL_PNG], { type: 'image/png' }), 'logo.png');
      return { body: form };
    }
  }
}

/**
 * Sends one case over real HTTP. A server may close the connection on a body past its limit before reading it;
 * that is a refusal (reported as 413 when it says so), never a pass for a 5xx.
 */
export async function sendFuzzRequest(
  baseUrl: string,
  endpoint: EndpointDef,
  request: FuzzRequest,
  credentials: { token: string; agentKey: string; asAgent?: boolean },
): Promise<{ status: number; text: string }> {
  const { body, contentType } = encodeBody(request.body);
  // Agent calls take the agent's key; every other call the caller's ID token (or, asked for, an agentOrUser
  // call the agent's key: the tenancy walk sends those both ways).
  const asAgent =
    endpoint.auth === 'agent' || (endpoint.auth === 'agentOrUser' && credentials.asAgent === true);
  const headers: Record<string, string> = asAgent
    ? { 'x-agent-key': credentials.agentKey }
    : { authorization: `Bearer ${credentials.token}` };
  if (contentType !== undefined) headers['content-type'] = contentType;
  // fetch refuses a body on GET; such calls get their cases through the path and the query.
  const sendsBody = body !== undefined && endpoint.method !== 'GET';
  try {
    const response = await fetch(fuzzUrl(baseUrl, endpoint, request), {
      method: endpoint.method,
      headers,
      ...(sendsBody ? { body } : {}),
    });
    return { status: response.status, text: await response.text() };
  } catch (error) {
    if (request.body.kind === 'oversize')
      return { status: 413, text: '{"message":"connection closed","code":"PAYLOAD_TOO_LARGE"}' };
    throw error;
  }
}
