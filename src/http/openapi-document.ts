import { API_CONTRACT, BUILD_MAX_CHARACTERS, BUILD_PATTERN, SERVICE_INFO_VERSION } from '../contract/api-version.js';
import { ErrorEnvelope, HTTPValidationError } from '../contract/errors.js';
import type { RouteContract } from './route-definition.js';

/** Statuses every route answers with an ErrorEnvelope (spec section 4). */
const SHARED_ERROR_STATUSES = [400, 401, 404, 405, 409, 413, 415, 500, 503] as const;

/**
 * Statuses the HTTP layer answers to any request before a route sees it, declared on every route:
 * 408 REQUEST_TIMEOUT (the request did not arrive within its deadline) and 417
 * EXPECTATION_UNSUPPORTED (an `Expect` other than 100-continue).
 */
const CONNECTION_ERROR_STATUSES = [408, 417] as const;

const STATUS_TEXT: Record<number, string> = {
  400: 'The request failed closed.',
  401: 'The private bearer is invalid.',
  404: 'The route is not exposed, or the addressed resource is not known.',
  405: 'The method is not accepted.',
  408: 'The request did not arrive within its deadline.',
  409: 'The request conflicts with the current protected state.',
  410: 'The requested history is no longer retained.',
  413: 'The request is too large.',
  415: 'The content type is not accepted.',
  417: 'The expectation is not supported (only 100-continue is).',
  422: 'Validation error.',
  500: 'The request failed safely.',
  503: 'Secure storage is unavailable: the keyring, or the encrypted database file.',
};

type JsonObject = Record<string, unknown>;

/**
 * The media-type extension that names the schema of one event's JSON `data` line on a
 * `text/event-stream` response. OpenAPI 3.1 has no keyword for a stream's items (`itemSchema` is
 * 3.2), and `x-` extensions are allowed on a Media Type Object, so the document stays valid 3.1.0
 * while a reader (the paired client, docs/client.md) still finds the event schema as a component $ref.
 */
export const EVENT_SCHEMA_EXTENSION = 'x-event-schema';

/** Replaces every occurrence of a named schema (by identity) with a $ref to its component. */
function referencing(schema: unknown, names: Map<unknown, string>, self?: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  if (schema !== self && names.has(schema)) return { $ref: `#/components/schemas/${names.get(schema)}` };
  if (Array.isArray(schema)) return schema.map((item) => referencing(item, names));
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) out[key] = referencing(value, names);
  return out;
}

function parametersOf(schema: unknown, location: 'path' | 'query', names: Map<unknown, string>): JsonObject[] {
  if (schema === undefined) return [];
  // cast: a route's params and query are TypeBox Type.Object schemas, whose JSON form has these two keywords
  const object = schema as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (object.required ?? []).includes(name),
    schema: referencing(property, names),
  }));
}

/**
 * Projects the route table and the TypeBox schemas into the committed OpenAPI 3.1.0 document.
 * `namedSchemas` become components and are referenced wherever the same schema object appears.
 * An event stream's event schema is declared with the `x-event-schema` extension (see above).
 */
export function buildOpenApiDocument(routes: readonly RouteContract[], namedSchemas: Readonly<Record<string, unknown>>): JsonObject {
  const all: Record<string, unknown> = { ErrorEnvelope, HTTPValidationError, ...namedSchemas };
  const names = new Map<unknown, string>();
  for (const [name, schema] of Object.entries(all)) names.set(schema, name);
  const components: JsonObject = {};
  for (const [name, schema] of Object.entries(all).sort(([a], [b]) => a.localeCompare(b))) {
    components[name] = referencing(schema, names, schema);
  }

  const requiredHeaders = [
    {
      name: 'X-Service-API-Version',
      in: 'header',
      required: true,
      description: 'The API contract identifier.',
      schema: { type: 'string', const: API_CONTRACT },
    },
    {
      name: 'X-Service-App-Build',
      in: 'header',
      required: true,
      description: 'The paired app build given in the launch handshake.',
      schema: { type: 'string', minLength: 1, maxLength: BUILD_MAX_CHARACTERS, pattern: BUILD_PATTERN },
    },
  ];

  const paths: Record<string, JsonObject> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const parameters = [
      ...requiredHeaders,
      ...(route.headers ?? []).map((header) => ({
        name: header.name,
        in: 'header',
        required: header.required ?? true,
        description: header.description,
        schema: referencing(header.schema, names),
      })),
      ...parametersOf(route.params, 'path', names),
      ...parametersOf(route.query, 'query', names),
    ];
    const responses: JsonObject = {};
    const success: JsonObject = { description: route.success.description };
    if (route.success.contentType === 'text/event-stream') {
      const content: JsonObject = { schema: { type: 'string', description: 'Server-sent events: `id`, `event` and one JSON `data` line per frame.' } };
      if (route.success.eventSchema) content[EVENT_SCHEMA_EXTENSION] = referencing(route.success.eventSchema, names);
      success.content = { 'text/event-stream': content };
    } else if (route.success.schema) {
      success.content = { 'application/json': { schema: referencing(route.success.schema, names) } };
    }
    responses[String(route.success.status)] = success;
    const statuses = new Set<number>([...SHARED_ERROR_STATUSES, ...CONNECTION_ERROR_STATUSES, ...(route.extraErrorStatuses ?? [])]);
    for (const status of [...statuses].sort((a, b) => a - b)) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      };
    }
    // 422 only where the specification allows it: routes with a path parameter or a body (section 7).
    // A failed query is 400 REQUEST_QUERY_INVALID with an envelope.
    if (route.params || route.body) {
      responses['422'] = {
        description: STATUS_TEXT[422],
        content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } },
      };
    }
    const operation: JsonObject = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [...route.tags],
      security: [{ PrivateBearer: [] }],
      parameters,
      responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
    };
    if (route.description) operation.description = route.description;
    if (route.body) {
      operation.requestBody = { required: route.bodyOptional !== true, content: { 'application/json': { schema: referencing(route.body, names) } } };
    }
    const path = (paths[route.path] ??= {});
    path[route.method.toLowerCase()] = operation;
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Internal Control API',
      version: SERVICE_INFO_VERSION,
      description:
        'Private, authenticated, IPv4-loopback control plane of the desktop application. Served only to the paired desktop shell main process; the running service does not expose this document.',
    },
    // The port's explanation sits on the server: swagger-parser's 3.1 schema accepts only `default` and `enum` on a variable.
    servers: [
      {
        url: 'http://127.0.0.1:{port}',
        description: 'The loopback service; `port` is the ephemeral port from the readiness line.',
        variables: { port: { default: '0' } },
      },
    ],
    security: [{ PrivateBearer: [] }],
    paths,
    components: {
      securitySchemes: { PrivateBearer: { type: 'http', scheme: 'bearer', description: 'Fresh 256-bit URL-safe bearer, delivered on stdin at launch.' } },
      schemas: components,
    },
  };
}
