import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Clock } from '../../server/common/clock.ts';
import { encodePassword } from '../../server/common/password-encoding.ts';
import { buildMemberService } from '../../server/member-service/app.ts';
import { loadMemberServiceConfig, type MemberServiceConfig } from '../../server/member-service/config.ts';
import type { Reply } from '../../shared/schemas/reply.ts';
import { TEST_HASHING } from '../helpers/hashing.ts';

interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** Leave out the service key (or send this one instead). */
  serviceKey?: string | null;
}

export interface TestService {
  app: FastifyInstance;
  config: MemberServiceConfig;
  dataDir: string;
  call<T = any>(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<{ status: number; body: Reply<T> }>;
  encode(password: string): string;
}

/** A member service on a temporary DATA_DIR (SQLite unless databaseUrl is given), closed after the test. */
export async function startMemberService(
  t: TeardownTarget,
  overrides: Partial<MemberServiceConfig> = {},
  options: { clock?: Clock } = {},
): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'member-service-test-'));
  const config = {
    ...loadMemberServiceConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_ORIGIN: 'https://portal.example', ...TEST_HASHING }),
    ...overrides,
  };
  const app = await buildMemberService(config, { clock: options.clock, logger: false });
  t.teardown(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    app,
    config,
    dataDir,
    encode: (password) => encodePassword(password, config.passwordEncodingKey),
    async call(method, url, callOptions = {}) {
      const headers: Record<string, string> = { ...callOptions.headers };
      const key = callOptions.serviceKey === undefined ? config.serviceKey : callOptions.serviceKey;
      if (key !== null) headers['x-service-key'] = key;
      if (callOptions.token) headers.authorization = `Bearer ${callOptions.token}`;
      const response = await app.inject({
        method,
        url,
        headers,
        ...(callOptions.body === undefined ? {} : { payload: callOptions.body as object }),
      });
      return { status: response.statusCode, body: response.json() };
    },
  };
}

export const PASSWORD = 'Secret123!';

/** A complete, valid registration as the BFF sends it upstream (passwords still plain here). */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    userId: 'ada@example.com',
    email: 'ada@example.com',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName: 'Analytical Engines Ltd',
    country: 'United States',
    state: 'California',
    telCountryCode: '1',
    telAreacode: '415',
    telNo: '5550123',
    telExt: '12',
    mobileCountryCode: '',
    mobile: '',
    isSubscribe: true,
    returnUrl: 'https://shop.example/after',
    source: '',
    lang: 'en',
    consents: ['global-policy', 'subscribe'],
    memberExtension: {
      registerPurpose: 'evaluation',
      referer: 'https://news.example',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'spring',
    },
    ...overrides,
  };
}

/** Encodes the registration's passwords the way the BFF does. */
export function encoded(service: TestService, payload: Record<string, unknown>): Record<string, unknown> {
  const result = { ...payload };
  for (const field of ['password', 'confirmPassword']) {
    if (typeof result[field] === 'string') result[field] = service.encode(result[field] as string);
  }
  return result;
}

/** Registers through the API and returns the reply. */
export function register(service: TestService, overrides: Record<string, unknown> = {}) {
  return service.call('POST', '/api/Member/Register', { body: encoded(service, registration(overrides)) });
}

/** The token and public id of an activation link. */
export function linkParts(link: string): { lang: string; token: string; publicId: string; pass: string } {
  const match = /\/([a-z-]+)\/auth\/activate-member\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(link);
  if (!match) throw new Error(`not an activation link: ${link}`);
  return {
    lang: match[1]!,
    token: decodeURIComponent(match[2]!),
    publicId: decodeURIComponent(match[3]!),
    pass: decodeURIComponent(match[4]!),
  };
}
