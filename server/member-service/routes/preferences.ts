import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { validatePreferences } from '../../../shared/rules/profile.ts';
import { preferencesContract } from '../../../shared/contract/preferences.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { toMember } from '../member-view.ts';
import { checkOptionValues } from '../validation/contact-facts.ts';
import { errorList } from '../validation/form-errors.ts';

/** Choosing-preferring: products of interest and business application areas, after which the member is no longer asked. */
export async function preferencesRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.patch(
    preferencesContract.update.url,
    { preHandler: app.requireMember, schema: preferencesContract.update.schema },
    async (request, reply) => {
      const member = request.member!;
      const body = request.body;
      const errors = errorList(validatePreferences(body), checkOptionValues(body));
      if (errors.length > 0) return reply.code(400).send(fail('FormValidateFail', { errors }));
      const updated = await store.members.update(member.id, {
        business_application_areas: JSON.stringify([...new Set(body.businessApplicationAreas)]),
        in_products: JSON.stringify([...new Set(body.inProducts)]),
        preferring: 0,
        updated_at: clock.now(),
      });
      return ok(toMember(updated ?? member, await store.socialLinks.list(member.id)));
    },
  );
}
