import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { MEMBER_SERVICE_ROUTES } from '../../shared/contract/index.ts';
import type { ContractRoute, HttpMethod } from '../../shared/contract/route.ts';

interface CheckedRoute {
  method: HttpMethod;
  url: string;
  pattern: RegExp;
  replies: { ok: TSchema; okCheck: TypeCheck<TSchema>; refusal: TSchema; refusalCheck: TypeCheck<TSchema> };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** '/api/info/option/:category/:languageCode' matches '/api/info/option/0/1', and nothing longer. */
const pathPattern = (url: string) =>
  new RegExp(
    `^${url
      .split(/(:\w+)/)
      .map((part) => (part.startsWith(':') ? '[^/]+' : escape(part)))
      .join('')}$`,
  );

const checked = ({ method, url, schema }: ContractRoute): CheckedRoute => ({
  method,
  url,
  pattern: pathPattern(url),
  replies: {
    ok: schema.response[200],
    okCheck: TypeCompiler.Compile(schema.response[200]),
    refusal: schema.response['4xx'],
    refusalCheck: TypeCompiler.Compile(schema.response['4xx']),
  },
});

const ROUTES: CheckedRoute[] = MEMBER_SERVICE_ROUTES.map(checked);
/** The compiled checks of each contract route, found by the route object a typed call names. */
const BY_ROUTE = new Map<ContractRoute, CheckedRoute>(MEMBER_SERVICE_ROUTES.map((route, index) => [route, ROUTES[index]!]));

/** Routes found by method and path; paths carry ids, so the cache starts over past this many. */
const FOUND_ROUTES_SIZE = 1_000;
const foundRoutes = new Map<string, CheckedRoute | undefined>();

function routeOf(method: HttpMethod, path: string): CheckedRoute | undefined {
  const key = `${method} ${path}`;
  if (foundRoutes.has(key)) return foundRoutes.get(key);
  const route = ROUTES.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  if (foundRoutes.size >= FOUND_ROUTES_SIZE) foundRoutes.clear();
  foundRoutes.set(key, route);
  return route;
}

export type ContractCheck = { ok: true; body: unknown } | { ok: false; problem: string };

/**
 * Holds a member service reply to the contract of its call (shared/contract): a reply that does
 * not match is a problem (the caller turns it into servererror); a matching one comes back with
 * every field the contract does not list removed, so nothing a member service adds travels on.
 */
export function checkUpstreamReply(method: HttpMethod, path: string, status: number, body: unknown): ContractCheck {
  const route = routeOf(method, path.split('?')[0] ?? path);
  if (!route) return { ok: false, problem: 'the call is not in the contract' };
  return checkAgainst(route, status, body);
}

/** The same check for a call that named its contract route: no search by path. */
export function checkReplyOf(route: ContractRoute, status: number, body: unknown): ContractCheck {
  let known = BY_ROUTE.get(route);
  if (!known) BY_ROUTE.set(route, (known = checked(route)));
  return checkAgainst(known, status, body);
}

function checkAgainst(route: CheckedRoute, status: number, body: unknown): ContractCheck {
  const [schema, check] = status >= 400 ? [route.replies.refusal, route.replies.refusalCheck] : [route.replies.ok, route.replies.okCheck];
  if (!check.Check(body)) {
    const first = check.Errors(body).First();
    return {
      ok: false,
      problem: `the reply is outside the contract of ${route.method} ${route.url}${first ? ` (${first.path || '/'}: ${first.message})` : ''}`,
    };
  }
  return { ok: true, body: Value.Clean(schema, body) };
}
