import type { TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import type { ContractRoute, HttpMethod } from '../../shared/contract/route.ts';

interface CheckedRoute {
  method: HttpMethod;
  url: string;
  replies: { ok: TSchema; okCheck: TypeCheck<TSchema>; refusal: TSchema; refusalCheck: TypeCheck<TSchema> };
}

const checked = ({ method, url, schema }: ContractRoute): CheckedRoute => ({
  method,
  url,
  replies: {
    ok: schema.response[200],
    okCheck: TypeCompiler.Compile(schema.response[200]),
    refusal: schema.response['4xx'],
    refusalCheck: TypeCompiler.Compile(schema.response['4xx']),
  },
});

/**
 * The compiled checks of each contract route called so far, found by the route object a call
 * names. Compiled at a route's first call: compiling all of them cost every start about 50 ms,
 * for routes most processes never call.
 */
const BY_ROUTE = new Map<ContractRoute, CheckedRoute>();

export type ContractCheck = { ok: true; body: unknown } | { ok: false; problem: string };

/**
 * Holds a member service reply to the contract of its call (shared/contract): a reply that does
 * not match is a problem (the caller turns it into servererror); a matching one comes back with
 * every field the contract does not list removed, so nothing a member service adds travels on.
 * `clean: false` keeps them, for a reply that only a reply schema writes on (see CallInput.relayed).
 */
export function checkReplyOf(route: ContractRoute, status: number, body: unknown, { clean = true } = {}): ContractCheck {
  let known = BY_ROUTE.get(route);
  if (!known) BY_ROUTE.set(route, (known = checked(route)));
  return checkAgainst(known, status, body, clean);
}

function checkAgainst(route: CheckedRoute, status: number, body: unknown, clean: boolean): ContractCheck {
  const [schema, check] = status >= 400 ? [route.replies.refusal, route.replies.refusalCheck] : [route.replies.ok, route.replies.okCheck];
  if (!check.Check(body)) {
    const first = check.Errors(body).First();
    return {
      ok: false,
      problem: `the reply is outside the contract of ${route.method} ${route.url}${first ? ` (${first.path || '/'}: ${first.message})` : ''}`,
    };
  }
  return { ok: true, body: clean ? Value.Clean(schema, body) : body };
}
