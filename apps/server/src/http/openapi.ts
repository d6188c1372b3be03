import { z } from 'zod';
import { allEndpoints, errorEnvelopeSchema, type EndpointDef } from '@kelvin/contract';
import { PRODUCT_UI_VERSION } from '@kelvin/domain';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

function parameters(endpoint: EndpointDef): JsonSchema[] {
  const result: JsonSchema[] = [];
  for (const [location, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input');
    const properties = z.record(z.string(), z.unknown()).catch({}).parse(object.properties);
    const required = z.array(z.string()).catch([]).parse(object.required);
    for (const [name, property] of Object.entries(properties)) {
      result.push({
        name,
        in: location,
        required: location === 'path' || required.includes(name),
        schema: property,
      });
    }
  }
  return result;
}

/** JSON, or for multipart calls the text fields plus a binary `upload` part. */
function requestContent(endpoint: EndpointDef, body: z.ZodType): JsonSchema {
  const schema = jsonSchema(body, 'input');
  if (endpoint.requestType !== 'multipart') return { 'application/json': { schema } };
  const properties = z.record(z.string(), z.unknown()).catch({}).parse(schema.properties);
  const required = z.array(z.string()).catch([]).parse(schema.required);
  return {
    'multipart/form-data': {
      schema: {
        ...schema,
        additionalProperties: false,
        properties: { ...properties, upload: { type: 'string', format: 'binary' } },
        required: [...required, 'upload'],
      },
    },
  };
}

const errorResponse = {
  description: 'Error envelope',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

function securityOf(endpoint: EndpointDef): JsonSchema[] {
  if (endpoint.auth === 'user') return [{ bearer: [] }];
  if (endpoint.auth === 'agent') return [{ agentKey: [] }];
  if (endpoint.auth === 'agentOrUser') return [{ bearer: [] }, { agentKey: [] }];
  return [];
}

/** The OpenAPI 3.1 document, generated from the contract: the one declaration of every call. */
export function buildOpenApiDocument(endpoints: readonly EndpointDef[] = allEndpoints): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const endpoint of endpoints) {
    const operation: JsonSchema = {
      operationId: endpoint.name,
      summary: endpoint.summary,
      parameters: parameters(endpoint),
      responses: {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchema(endpoint.output, 'output') } },
        },
        '400': errorResponse,
        ...(endpoint.auth === 'public' ? {} : { '401': errorResponse, '403': errorResponse }),
        '404': errorResponse,
      },
      security: securityOf(endpoint),
    };
    if (endpoint.body) {
      operation.requestBody = { required: true, content: requestContent(endpoint, endpoint.body) };
    }
    (paths[`/api${endpoint.path}`] ??= {})[endpoint.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kelvin API', version: PRODUCT_UI_VERSION },
    paths,
    components: {
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (OpenID ID token)' },
        agentKey: { type: 'apiKey', in: 'header', name: 'x-agent-key' },
      },
    },
  };
}
