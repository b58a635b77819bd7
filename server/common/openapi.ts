import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Security scheme every operation requires, when there is one (the member service's key). */
  apiKeyHeader?: string;
  /**
   * The statuses an operation answers with besides 200, each with `failure` (the reply envelope's
   * schema, listed once under components):
   * what the error handling sends never passes a route's own schema, so it is listed here.
   */
  failures?: { failure: object; statusesOf(method: string, url: string, schema: object): readonly number[] };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'the request is malformed or a field is refused (FormValidateFail, Form_*)',
  401: 'no signed-in session, or the member service no longer accepts it (Unauthorized)',
  403: 'a state-changing request without the XMLHttpRequest marker or from another origin (Forbidden)',
  404: 'not found (NotFound)',
  429: 'too many requests; Retry-After says when to try again (TooManyRequests)',
  502: 'the member service is unavailable (servererror)',
  503: 'the session store is unavailable (servererror)',
};

const FAILURE_REF = { $ref: '#/components/schemas/Failure' };

/** The route's failure replies added to its documented responses. */
function withFailures(schema: Record<string, unknown>, method: string, url: string, failures: OpenApiOptions['failures']) {
  const statuses = failures?.statusesOf(method, url, schema);
  if (!statuses) return schema;
  const response: Record<string | number, unknown> = { ...(schema.response as object) };
  for (const status of statuses)
    if (status !== 200 && response[status] === undefined)
      response[status] = { description: STATUS_TEXT[status] ?? 'refused', content: { 'application/json': { schema: FAILURE_REF } } };
  return { ...schema, response };
}

/**
 * OpenAPI 3.1 from the routes' own schemas (@fastify/swagger). Only the API is documented:
 * paths under /api/, not the portal's document itself, health checks, metrics or the client's files.
 */
export const openApi = fp<OpenApiOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: { title: options.title, description: options.description, version: options.version },
        ...(options.apiKeyHeader
          ? {
              components: { securitySchemes: { serviceKey: { type: 'apiKey', in: 'header', name: options.apiKeyHeader } } },
              security: [{ serviceKey: [] }],
            }
          : {}),
        ...(options.failures ? { components: { schemas: { Failure: options.failures.failure } } } : {}),
      },
      transform: ({ schema, url, route }) => ({
        schema:
          url.startsWith('/api/') && url !== OPENAPI_DOCUMENT_PATH
            ? withFailures(schema as Record<string, unknown>, String(route.method), url, options.failures)
            : { ...schema, hide: true },
        url,
      }),
    });
  },
  { name: 'openapi' },
);

/** The portal serves its document under /api/ with the rest of its API; the member service at /openapi.json. */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

/** The route that serves the document, in whichever context the API's own rules apply. */
export async function openApiDocumentRoute(app: FastifyInstance, options: { path: string; routeOptions?: object }): Promise<void> {
  app.get(options.path, { ...options.routeOptions, schema: { hide: true } }, async () => app.swagger());
}
