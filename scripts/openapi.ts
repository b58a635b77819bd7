/**
 * The two OpenAPI 3.1 documents, generated from the routes' schemas: the portal's browser API
 * (GET /api/openapi.json) and the member-service contract (GET /openapi.json on the member
 * service). `npm run openapi` writes the committed copies in docs/openapi/; a test fails when
 * they drift from the code.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/bff/app.ts';
import { loadBffConfig } from '../server/bff/config.ts';
import { buildMemberService } from '../server/member-service/app.ts';
import { loadMemberServiceConfig } from '../server/member-service/config.ts';

export const OPENAPI_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/openapi');
export const OPENAPI_FILES = { portal: 'portal.json', memberService: 'member-service.json' } as const;

export interface OpenApiApps {
  portal: FastifyInstance;
  memberService: FastifyInstance;
  close(): Promise<void>;
}

/** Both apps, ready and not listening, on a temporary data folder. */
export async function openApiApps(): Promise<OpenApiApps> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
  const key = 'k'.repeat(32);
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SERVICE_KEY: key,
    UPSTREAM_SERVICE_KEY: key,
    CLIENT_DIR: path.join(dataDir, 'client'),
  };
  const memberService = await buildMemberService(loadMemberServiceConfig(env), { logger: false });
  const portal = await buildApp(loadBffConfig({ ...env, UPSTREAM_URL: 'http://127.0.0.1:9' }), { logger: false });
  await Promise.all([memberService.ready(), portal.ready()]);
  return {
    portal,
    memberService,
    async close() {
      await portal.close();
      await memberService.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A document as committed: stable key order as generated, two-space indent, final newline. */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const apps = await openApiApps();
  try {
    await writeFile(path.join(OPENAPI_DIR, OPENAPI_FILES.portal), documentText(apps.portal.swagger()));
    await writeFile(path.join(OPENAPI_DIR, OPENAPI_FILES.memberService), documentText(apps.memberService.swagger()));
    console.log(`openapi: wrote ${Object.values(OPENAPI_FILES).join(' and ')} in docs/openapi/`);
  } finally {
    await apps.close();
  }
}
