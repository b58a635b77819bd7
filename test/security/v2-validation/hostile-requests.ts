import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as accountSchemas from '../../../shared/schemas/account.ts';
import * as authSchemas from '../../../shared/schemas/auth.ts';
import * as companySitesSchemas from '../../../shared/schemas/company-sites.ts';
import * as crmSchemas from '../../../shared/schemas/crm.ts';
import * as freeTextSchemas from '../../../shared/schemas/free-text.ts';
import * as infoSchemas from '../../../shared/schemas/info.ts';
import * as memberSchemas from '../../../shared/schemas/member.ts';
import * as passkeysSchemas from '../../../shared/schemas/passkeys.ts';
import * as passwordSchemas from '../../../shared/schemas/password.ts';
import * as phoneProofSchemas from '../../../shared/schemas/phone-proof.ts';
import * as portalConfigSchemas from '../../../shared/schemas/portal-config.ts';
import * as preferencesSchemas from '../../../shared/schemas/preferences.ts';
import * as registerSchemas from '../../../shared/schemas/register.ts';
import * as replySchemas from '../../../shared/schemas/reply.ts';
import * as securityCenterSchemas from '../../../shared/schemas/security-center.ts';
import * as socialSchemas from '../../../shared/schemas/social.ts';

/** One request as it goes on the wire: nothing normalised, duplicates kept. */
export interface HostileRequest {
  method: string;
  /** Path and query exactly as written in the request line. */
  target: string;
  /** Header lines in order; a name may repeat. */
  headers: Array<[string, string]>;
  body?: Buffer;
  /** Send the signed-in member's credentials (session cookie, or service key and member token). */
  signedIn: boolean;
  /** Member service: send the right service key (otherwise none or a wrong one). */
  serviceKey: boolean;
}

export interface RouteUnderTest {
  server: 'portal' | 'member-service';
  method: string;
  path: string;
  /** The JSON body's properties as the route's schema declares them (its OpenAPI document), when it takes one. */
  bodyProperties?: Record<string, { type?: string | string[] }>;
}

/** Values that are right somewhere, so that some requests get past validation to the handlers. */
export interface Plausible {
  email: string;
  password: string;
}

const SCHEMAS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/schemas');

/** Every module of shared/schemas, imported by name so that npm test's runner runs them compiled (scripts/test-run/compile.ts). */
const SCHEMA_MODULES: Record<string, object> = {
  'account.ts': accountSchemas,
  'auth.ts': authSchemas,
  'company-sites.ts': companySitesSchemas,
  'crm.ts': crmSchemas,
  'free-text.ts': freeTextSchemas,
  'info.ts': infoSchemas,
  'member.ts': memberSchemas,
  'passkeys.ts': passkeysSchemas,
  'password.ts': passwordSchemas,
  'phone-proof.ts': phoneProofSchemas,
  'portal-config.ts': portalConfigSchemas,
  'preferences.ts': preferencesSchemas,
  'register.ts': registerSchemas,
  'reply.ts': replySchemas,
  'security-center.ts': securityCenterSchemas,
  'social.ts': socialSchemas,
};

/** Every property name the API's schemas know, read from the schemas themselves, so new fields are covered too. */
export async function knownFieldNames(): Promise<string[]> {
  const names = new Set<string>();
  const walk = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || depth > 12) return;
    const properties = (value as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null) for (const name of Object.keys(properties)) names.add(name);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  const files = (await readdir(SCHEMAS_DIR)).filter((name) => name.endsWith('.ts'));
  const unlisted = files.filter((file) => !(file in SCHEMA_MODULES));
  if (unlisted.length > 0) throw new Error(`add ${unlisted.join(', ')} to SCHEMA_MODULES in hostile-requests.ts`);
  for (const file of files) for (const exported of Object.values(SCHEMA_MODULES[file]!)) walk(exported, 0);
  return [...names].sort();
}

const LONG = 'x'.repeat(10_000);
const LONG_UNICODE = '山'.repeat(10_000);

/** Text that breaks naive handling: control and invisible characters, bidi, surrogates, emoji, traversal, injection. */
const NASTY_TEXT = [
  '',
  ' ',
  '\u0000',
  'ada\u0000@example.com',
  '\r\nSet-Cookie: x=1',
  '\u202Efdp.exe',
  '\u2066\u2067\u2068\u2069',
  '\u200B\u200C\u200D\uFEFF',
  '\uD800',
  '\uDFFF',
  'a\uDC00b\uD83D',
  '👩🏽‍💻🚀🇯🇵',
  'e\u0301\u0301\u0301\u0301',
  '__proto__',
  'constructor',
  'prototype',
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '%',
  '%zz',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '=cmd|" /C calc"!A0',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e308',
  '9007199254740993',
  LONG,
  LONG_UNICODE,
];

const PATH_TEXT = [
  '',
  '.',
  '..',
  '%2e%2e',
  '%2F',
  '%00',
  '%ff',
  '%',
  '%zz',
  '__proto__',
  'constructor',
  'x'.repeat(3000),
  '%F0%9F%9A%80',
  '%E2%80%AE',
  '%ED%A0%80',
  'true',
  '0',
  '-1',
  'en',
];

/** Text with a lone surrogate half somewhere: ill-formed Unicode, which no encoder can carry. */
const illFormedText = fc
  .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 8 }))
  .map(([before, half, after]) => `${before}${String.fromCharCode(half)}${after}`);

function hostileString(plausible: Plausible): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
    { weight: 1, arbitrary: illFormedText },
    { weight: 2, arbitrary: fc.string({ maxLength: 30, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        plausible.email,
        plausible.email.toUpperCase(),
        plausible.password,
        'en',
        'zh-tw',
        '49',
        '15123456789',
        'Germany',
        '123456',
        '1',
        'true',
      ),
    },
  );
}

/** JSON values of every type, nested a little; strings from hostileString. */
function hostileValue(plausible: Plausible, fields: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      hostileString(plausible),
      fc.integer(),
      fc.constantFrom(0, -1, 1.5, 1e308, -0, 2 ** 53 + 1),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fields, tie('value'), { maxKeys: 4 }),
    ),
  }));
  return value;
}

/** A JSON object as text: entries in order, so that keys may repeat and `__proto__` stays an own key. */
function objectText(entries: ReadonlyArray<readonly [string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

function deeplyNested(levels: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(levels)}1${']'.repeat(levels)}` : `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
}

interface Body {
  contentType?: string;
  bytes: Buffer;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** Percent-encoding of the UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
function percentEncode(text: string): string {
  return [...utf8(text)]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

function bodies(plausible: Plausible, fieldNames: readonly string[]): fc.Arbitrary<Body | undefined> {
  const fields = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fieldNames) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'isSuccess', 'code', 'memberId', 'token', '') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
  const value = hostileValue(plausible, fields);
  const entries = fc.array(fc.tuple(fields, value), { maxLength: 8 });
  const pollution = fc.constantFrom(
    '{"__proto__":{"isAdmin":true,"memberId":1}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"userId":"a@example.com","userId":{"__proto__":null}}',
  );
  const json = fc.oneof(
    { weight: 6, arbitrary: entries.map(objectText) },
    { weight: 1, arbitrary: pollution },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 6000 }), fc.constantFrom('array' as const, 'object' as const))
        .map(([n, kind]) => deeplyNested(n, kind)),
    },
    { weight: 1, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"a":',
        '[1,]',
        '{"a":1}}',
        'nul',
        '\uFEFF{}',
        '{"a":"\\ud800"}',
        '{"a":1e999999}',
        `{"a":"${LONG}"}`,
      ),
    },
  );
  const jsonTypes = fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'application/json;charset="UTF-8"',
    'application/merge-patch+json',
    'application/json; charset=iso-8859-1',
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 10, arbitrary: fc.tuple(jsonTypes, json).map(([contentType, text]) => ({ contentType, bytes: utf8(text) })) },
    {
      weight: 1,
      arbitrary: json.map((text) => ({ contentType: 'application/json; charset=utf-16le', bytes: Buffer.from(text, 'utf16le') })),
    },
    { weight: 1, arbitrary: json.map((text) => ({ contentType: 'application/json; charset=bogus-8', bytes: utf8(text) })) },
    { weight: 1, arbitrary: json.map((text) => ({ bytes: utf8(text) })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
            'text/html; charset=shift_jis',
            'application/xml',
            '*/*',
            'application/json, text/plain',
            ';;;',
          ),
          json,
        )
        .map(([contentType, text]) => ({ contentType, bytes: utf8(text) })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: 'application/json',
        bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0xff, 0xfe, 0x22, 0x7d]),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ contentType: 'application/json', bytes: utf8(`{"a":"${'y'.repeat(70 * 1024)}"}`) }) },
  );
}

/** Fills a route pattern's parameters and wildcard with hostile segments. */
function filledPath(pattern: string, plausible: Plausible): fc.Arbitrary<string> {
  const parts = pattern.split('/');
  const segment = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PATH_TEXT) },
    { weight: 2, arbitrary: hostileString(plausible).map((text) => percentEncode(text.slice(0, 200))) },
    {
      weight: 1,
      arbitrary: fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme-ascii' }).map((text) => text.replace(/[^\x21-\x7e]/g, '')),
    },
  );
  const filled = parts.map((part) => (part.startsWith(':') || part === '*' ? segment : fc.constant(part)));
  return fc.tuple(...filled).map((values) => values.join('/'));
}

/** The same route, spelt otherwise: percent-encoded letters, dot segments, doubled and trailing slashes, another case. */
function spelledPath(path: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const spellings: Array<(path: string) => string> = [
    (p) => p,
    (p) => p.replace(/([A-Za-z])/, (letter: string) => `%${letter.charCodeAt(0).toString(16).toUpperCase()}`),
    (p) => p.replace(/\/([^/]+)\//, '/$1/../$1/'),
    (p) => `/.${p}`,
    (p) => p.replaceAll('/', '//'),
    (p) => `${p}/`,
    (p) => `${p}%00`,
    (p) => `${p};jsessionid=1`,
    (p) => p.toLowerCase(),
    (p) => p.toUpperCase(),
    (p) => p.replace(/\//g, '%2F').replace(/^%2F/, '/'),
    (p) => `${p}/..`,
    (p) => `/%2e%2e${p}`,
  ];
  return fc
    .tuple(
      path,
      fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 6, arbitrary: fc.integer({ min: 1, max: spellings.length - 1 }) }),
    )
    .map(([p, index]) => spellings[index]!(p));
}

function queryString(plausible: Plausible, fieldNames: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...fieldNames),
    fc.constantFrom('__proto__', 'constructor', 'lang', 'returnUrl', 'callbackUrl', 'pass', 'userId', 'a[b]', 'a[]', ''),
  );
  const pair = fc.tuple(key, hostileString(plausible)).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v.slice(0, 300))}`);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join('&')}`) },
    // The same parameter twice, the way a tampered link or a confused proxy sends it.
    { weight: 2, arbitrary: fc.tuple(pair, pair).map(([a, b]) => `?${a}&${a.split('=')[0]}=${b.split('=')[1]}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '?',
        '??',
        '?&&',
        '?=',
        '?a=%',
        '?a=%zz',
        '?a=%00',
        `?a=${'b'.repeat(6000)}`,
        '?lang=en&lang=ja-jp&lang[]=x',
      ),
    },
  );
}

/** Header values Node will put on the wire (visible ASCII and Latin-1): no CR, LF or NUL. */
const headerText = fc.oneof(
  fc.string({ maxLength: 60, unit: 'grapheme-ascii' }).map((text) => text.replace(/[^\t\x20-\x7e]/g, '')),
  fc.constantFrom('', ' ', '\u00ff\u00fe', 'en;q=2,zh-TW;q=-1,*;q=abc', '../../', '__proto__', 'null', 'a'.repeat(2000)),
);

function extraHeaders(): fc.Arbitrary<Array<[string, string]>> {
  const name = fc.constantFrom(
    'accept-language',
    'origin',
    'referer',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'user-agent',
    'accept',
    'accept-encoding',
    'authorization',
    'cookie',
    'x-service-key',
    'x-requested-with',
    'if-none-match',
    'range',
    'x-custom-header',
  );
  const ordinary = fc.array(fc.tuple(name, headerText), { maxLength: 4 });
  return fc.oneof(
    { weight: 6, arbitrary: ordinary },
    // Over Node's 16 KiB header limit: the server refuses before any route runs.
    {
      weight: 1,
      arbitrary: fc.constantFrom<Array<[string, string]>>(
        [['x-huge', 'h'.repeat(20_000)]],
        [['cookie', `portal-session=${'c'.repeat(17_000)}`]],
      ),
    },
    // Just under it, spread over many lines.
    { weight: 1, arbitrary: fc.constant(Array.from({ length: 60 }, (_, i): [string, string] => [`x-many-${i}`, 'm'.repeat(200)])) },
  );
}

/** A value the schema takes for a property, so that the one hostile field is what the handler meets. */
function plausibleValue(name: string, type: string | string[] | undefined, plausible: Plausible): unknown {
  const kind = Array.isArray(type) ? type[0] : type;
  if (kind === 'integer' || kind === 'number') return 1;
  if (kind === 'boolean') return true;
  if (kind === 'array') return [];
  if (kind === 'object') return {};
  if (/password/i.test(name)) return plausible.password;
  if (/email|userId/i.test(name)) return plausible.email;
  return 'abc';
}

/**
 * The route's own request, as a client that got everything right would send it, with one
 * field of the body hostile: such requests get past the schema to the handler, where a 500
 * hides (a lone surrogate reaching encodeURIComponent). Ill-formed text is weighted up there.
 */
function shapedRequests(
  route: RouteUnderTest,
  properties: NonNullable<RouteUnderTest['bodyProperties']>,
  plausible: Plausible,
): fc.Arbitrary<HostileRequest> {
  const names = Object.keys(properties);
  const hostile = fc.oneof({ weight: 1, arbitrary: illFormedText }, { weight: 2, arbitrary: hostileString(plausible) });
  return fc
    .record({ index: fc.nat({ max: names.length - 1 }), value: hostile, signedIn: fc.boolean(), path: filledPath(route.path, plausible) })
    .map(({ index, value, signedIn, path }) => {
      const body = Object.fromEntries(
        names.map((name, i) => [name, i === index ? value : plausibleValue(name, properties[name]!.type, plausible)]),
      );
      return {
        method: route.method,
        target: path,
        headers: [
          ['accept', 'application/json'],
          ['x-requested-with', 'XMLHttpRequest'],
          ['content-type', 'application/json'],
        ],
        body: utf8(JSON.stringify(body)),
        signedIn,
        serviceKey: true,
      };
    });
}

const OTHER_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH'];

/** Hostile requests aimed at one route of the route table. */
export function hostileRequests(route: RouteUnderTest, plausible: Plausible, fieldNames: readonly string[]): fc.Arbitrary<HostileRequest> {
  const anything = anyRequests(route, plausible, fieldNames);
  const properties = route.bodyProperties;
  if (!properties || Object.keys(properties).length === 0) return anything;
  return fc.oneof(anything, shapedRequests(route, properties, plausible));
}

/** Requests of every kind at the route: methods, paths, queries, bodies, headers. */
function anyRequests(route: RouteUnderTest, plausible: Plausible, fieldNames: readonly string[]): fc.Arbitrary<HostileRequest> {
  return fc
    .record({
      method: fc.oneof({ weight: 5, arbitrary: fc.constant(route.method) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) }),
      path: spelledPath(filledPath(route.path, plausible)),
      query: queryString(plausible, fieldNames),
      body: bodies(plausible, fieldNames),
      marker: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
      extra: extraHeaders(),
      signedIn: fc.boolean(),
      serviceKey: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    })
    .map(({ method, path, query, body, marker, extra, signedIn, serviceKey }) => {
      const headers: Array<[string, string]> = [['accept', 'application/json']];
      if (marker) headers.push(['x-requested-with', 'XMLHttpRequest']);
      // GET and HEAD carry no body, as clients send them; other methods get theirs.
      const sendsBody = body !== undefined && method !== 'GET' && method !== 'HEAD';
      if (sendsBody && body.contentType !== undefined) headers.push(['content-type', body.contentType]);
      headers.push(...extra);
      return { method, target: path + query, headers, body: sendsBody ? body.bytes : undefined, signedIn, serviceKey };
    });
}

/** A short description of a request for failure reports (bodies and long values cut). */
export function describe(request: HostileRequest): string {
  const cut = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);
  const headers = request.headers.map(([name, value]) => `${name}: ${cut(value, 60)}`).join(' | ');
  const body = request.body ? ` body=${JSON.stringify(cut(request.body.toString('utf8')))}` : '';
  return `${request.method} ${cut(request.target)} [${headers}]${request.signedIn ? ' signed-in' : ''}${request.serviceKey ? '' : ' no-service-key'}${body}`;
}
