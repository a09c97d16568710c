// The OpenAPI 3.1 document, generated from the call table (operations.ts) and the shared zod schemas
// by zod's own z.toJSONSchema: JSON Schema 2020-12 is OpenAPI 3.1's schema dialect, so no converter
// library stands between the schemas and the document.
import { z } from 'zod';
import { RESPONSE_COMPONENTS, REQUEST_COMPONENTS } from './components.ts';
import { type Access, type Answer, answersOf, type Operation } from '@shine/shared/operations/operation';
import { OPERATIONS } from '@shine/shared/operations';

type JsonSchema = z.core.JSONSchema.BaseSchema;
type Components = ReadonlyArray<[string, z.ZodType]>;

/** Raised when an answer changes incompatibly; the API has had one version so far. */
const API_VERSION = '1.0.0';
const SESSION_COOKIE = 'sid';

const DESCRIPTION = `The API of Shine's quote form and staff CRM.

**Sessions.** /api/admin calls other than login and me need a signed-in session: POST /api/admin/login sets an HttpOnly, SameSite=Lax session cookie (\`${SESSION_COOKIE}\`, or \`__Host-sid\` when COOKIE_SECURE is on, which also refuses a sign-in over plain HTTP). Sessions end after a period idle and at a maximum age.

**Origin.** A write (POST, PATCH, DELETE) to /api/admin is refused with 403 unless its Origin is PUBLIC_ORIGIN or one of CORS_ORIGINS (in development without PUBLIC_ORIGIN, the request's own origin); without an Origin, Sec-Fetch-Site must be same-origin or none. Clients that send neither header (no browser) pass.

**Host.** When ALLOWED_HOSTS (or PUBLIC_ORIGIN) names the server's hosts, a request naming another Host is answered 421, except /api/health.

**CORS.** Browsers on a CORS_ORIGINS origin may call the API with credentials; their preflight OPTIONS requests answer 204.

**Rate limits.** Quote requests per client address per minute, failed sign-ins per address and per username, and wrong current passwords per user and per address are counted in the database (shared by every process); past the limit the call answers 429 with Retry-After and the RateLimit headers.

**Errors.** Every error answers JSON \`{ message, issues? }\`: a message a person can read, and per-field issues when the input was refused. Nothing internal (stack, SQL) is disclosed.

**Caching.** /api/admin answers are not stored (Cache-Control: no-store); the polled reads carry an ETag, answer 304 to a current If-None-Match, and say private, no-cache.`;

function convert(components: Components, io: 'input' | 'output') {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of components) registry.add(schema, { ...z.globalRegistry.get(schema), id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  // The document is the base URI of its $refs; a fragment-only $id is not valid JSON Schema 2020-12.
  for (const schema of Object.values(schemas)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return { schemas, names: new Map(components.map(([id, schema]) => [schema, id])) };
}

/** A reference to a named schema, or an array of one. */
function refTo(schema: z.ZodType, names: Map<z.ZodType, string>): JsonSchema {
  const name = names.get(schema);
  if (name) return { $ref: `#/components/schemas/${name}` };
  if (schema instanceof z.ZodArray) return { type: 'array', items: refTo(schema.element as z.ZodType, names) };
  throw new Error('OpenAPI: a schema in the call table has no component name (components.ts)');
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  open: [{}, { session: [] }],
  session: [{ session: [] }],
  account: [{ account: [] }],
};

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });

function headersOf(status: number, operation: Operation) {
  if (status === 429) {
    return {
      'Retry-After': header('Seconds until a request may count again.', { type: 'integer' }),
      RateLimit: header('The limit’s remaining requests and reset (draft-ietf-httpapi-ratelimit-headers-08).'),
      'RateLimit-Policy': header('The limit and its window.'),
    };
  }
  if (status === 503) return { 'Retry-After': header('Seconds to wait before retrying.', { type: 'integer' }) };
  if (operation.conditional && (status === 200 || status === 304)) {
    return { ETag: header('A weak tag of the data version; send it back in If-None-Match.') };
  }
  return undefined;
}

function responseOf(answers: Answer[], status: number, operation: Operation, names: Map<z.ZodType, string>) {
  const content: Record<string, { schema: JsonSchema }> = {};
  for (const answer of answers) {
    if (answer.kind === 'json') content['application/json'] = { schema: refTo(answer.schema, names) };
    if (answer.kind === 'text') content[answer.mediaType] = { schema: { type: 'string' } };
    if (answer.kind === 'binary')
      content[answer.mediaType] = { schema: { type: 'string', contentMediaType: answer.mediaType } };
  }
  const headers = headersOf(status, operation);
  return {
    description: answers.map((answer) => answer.description).join(' Or: '),
    ...(headers ? { headers } : {}),
    ...(Object.keys(content).length ? { content } : {}),
  };
}

const openApiPath = (path: string) => path.replaceAll(/:(\w+)/g, '{$1}');
const operationId = (operation: Operation) =>
  [operation.method, ...operation.path.replace(/^\/api\//, '').split(/[/:-]+/)]
    .filter(Boolean)
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');

function operationObject(operation: Operation, responses: Map<z.ZodType, string>, requests: Map<z.ZodType, string>) {
  const parameters = [...parametersOf(operation.params, 'path'), ...parametersOf(operation.query, 'query')];
  return {
    operationId: operationId(operation),
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: SECURITY[operation.access],
    ...(parameters.length ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: refTo(operation.body, requests) } } },
        }
      : {}),
    responses: Object.fromEntries(
      [...answersOf(operation)].map(([status, answers]) => [
        String(status),
        responseOf(answers, status, operation, responses),
      ]),
    ),
  };
}

export function buildOpenApiDocument(operations: readonly Operation[] = OPERATIONS) {
  const responses = convert(RESPONSE_COMPONENTS, 'output');
  const requests = convert(REQUEST_COMPONENTS, 'input');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation, responses.names, requests.names) };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Shine API', version: API_VERSION, description: DESCRIPTION },
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...responses.schemas, ...requests.schemas },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The session cookie POST /api/admin/login sets (`__Host-sid` when COOKIE_SECURE is on).',
        },
        account: {
          type: 'apiKey',
          in: 'cookie',
          name: 'account',
          description:
            'A customer’s account session, set by their sign-in link (GET /account/sign-in/{token}); `__Host-account` when COOKIE_SECURE is on. Never a staff session, nor the other way round.',
        },
      },
    },
  };
}
