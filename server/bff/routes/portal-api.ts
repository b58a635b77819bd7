import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import { PORTAL_ROUTES } from '../../../shared/contract/portal/index.ts';
import { replyStatuses, type PortalRoute, type PortalRouteSchema } from '../../../shared/contract/route.ts';
import { ReplySchema } from '../../../shared/schemas/reply.ts';

/** The app whose handlers take their request and reply types from the route's schema (shared/contract/portal). */
export const portalApi = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

/**
 * A portal contract route's options: its schema as the contract has it, the route's own settings,
 * and compression only where the contract asks for it (plugins/compression.ts).
 */
export const served = <S extends PortalRouteSchema>(route: PortalRoute<S>, config: FastifyContextConfig = {}) => ({
  schema: route.schema,
  config,
  compress: route.compressed ? {} : (false as const),
});

const STATUSES = new Map(PORTAL_ROUTES.map((route) => [`${route.method} ${route.url}`, route.statuses]));

/** The statuses of a route: the contract's, or for a route not yet declared there, those its kind may answer with. */
export function portalReplyStatuses(method: string, url: string, schema: object): readonly number[] {
  return STATUSES.get(`${method} ${url}`) ?? replyStatuses(method, schema as Omit<PortalRouteSchema, 'response'>);
}

/** What every failure carries: the reply envelope without data. */
export const openApiFailure = ReplySchema();
