import type { PortalRoute, RouteInput, SuccessData } from '../../shared/contract/route.ts';
import { routePath } from '../../shared/contract/route-path.ts';
import type { Reply } from '../../shared/schemas/reply.ts';
import { request, type RequestOptions } from './http.ts';

/** The `data` of a portal route's success reply (shared/contract/portal). */
export type PortalData<R extends PortalRoute> = SuccessData<R['schema']>;
/** The body of a portal route's request. */
export type PortalBody<R extends PortalRoute> = RouteInput<R['schema']>['body'];

/**
 * A request to the portal route named by its type (`typeof portal.group.route`, a type-only
 * import: the contract's schemas stay out of the browser's bundle). The method and url must be
 * the route's own, the params, query and body its schema's; the reply is typed by the same route.
 */
export function portalRequest<R extends PortalRoute>(
  method: R['method'],
  url: R['url'],
  input: RouteInput<R['schema']>,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Reply<PortalData<R>>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  // A bodiless change still sends an empty JSON object, as the portal's body parsing expects of every POST, PUT and PATCH.
  return request<PortalData<R>>(routePath(url, params, query), { ...options, method, body: body ?? (method === 'GET' ? undefined : {}) });
}
