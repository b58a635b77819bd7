import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface OpenApiOptions {
  title: string;
  description: string;
  version: string;
  /** Security scheme every operation requires, when there is one (the member service's key). */
  apiKeyHeader?: string;
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
      },
      transform: ({ schema, url }) => ({
        schema: url.startsWith('/api/') && url !== OPENAPI_DOCUMENT_PATH ? schema : { ...schema, hide: true },
        url,
      }),
    });
  },
  { name: 'openapi' },
);

/** The portal serves its document under /api/ with the rest of its API; the member service at /openapi.json. */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

/** The route that serves the document, in whichever context the API's own rules apply. */
export async function openApiDocumentRoute(app: FastifyInstance, options: { path: string }): Promise<void> {
  app.get(options.path, { schema: { hide: true } }, async () => app.swagger());
}
