import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { validateProfile } from '../../../shared/rules/profile.ts';
import { profileContract } from '../../../shared/contract/profile.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { ServiceContext } from '../context.ts';
import { regionOf } from '../data/country-lookup.ts';
import { toMember } from '../member-view.ts';
import { mobileNumberOf } from '../phone/proven-mobile.ts';
import type { MemberRow } from '../store/schema.ts';
import { checkContactFacts, checkOptionValues, withoutChinaPhone } from '../validation/contact-facts.ts';
import { errorList } from '../validation/form-errors.ts';

/** Reading and updating the signed-in member's profile. */
export async function profileRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const view = async (row: MemberRow) => toMember(row, await store.socialLinks.list(row.id));
  // The reply schema also guarantees that nothing beyond the Member fields leaves the service.
  for (const { url, schema } of [profileContract.get, profileContract.getLowerCase]) {
    api.get(url, { preHandler: app.requireMember, schema }, async (request) => ok(await view(request.member!)));
  }

  // Only the fields of ProfileUpdateSchema are read; e-mail, status and ids are not editable here.
  api.put(profileContract.update.url, { preHandler: app.requireMember, schema: profileContract.update.schema }, async (request, reply) => {
    const member = request.member!;
    const body = withoutChinaPhone(request.body);
    const values = { ...body, VATNumber: body.memberExtension?.vatNumber, Address: body.memberExtension?.address };
    const ruleErrors = validateProfile(values, { source: member.source, region: await regionOf(body.country) });
    const errors = errorList(ruleErrors, await checkContactFacts(values, ruleErrors), checkOptionValues(body));
    if (errors.length > 0) return reply.code(400).send(fail('FormValidateFail', { errors }));

    // A changed number is unproven until a code sent to it comes back (phone/proven-mobile.ts).
    const numberChanged = mobileNumberOf(member) !== mobileNumberOf({ mobile: body.mobile, mobile_country_code: body.mobileCountryCode });
    const updated = await store.members.update(member.id, {
      ...(numberChanged ? { proven_mobile: '' } : {}),
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      company_name: body.companyName.trim(),
      country: body.country.trim(),
      state: body.state.trim(),
      tel_country_code: body.telCountryCode,
      tel_areacode: body.telAreacode,
      tel_no: body.telNo,
      tel_ext: body.telExt,
      mobile_country_code: body.mobileCountryCode,
      mobile: body.mobile,
      business_application_areas: JSON.stringify([...new Set(body.businessApplicationAreas)]),
      in_products: JSON.stringify([...new Set(body.inProducts)]),
      ...(body.memberExtension?.vatNumber !== undefined ? { vat_number: body.memberExtension.vatNumber.trim() } : {}),
      ...(body.memberExtension?.address !== undefined ? { address: body.memberExtension.address.trim() } : {}),
      preferring: 0,
      updated_at: clock.now(),
    });
    return ok(await view(updated ?? member));
  });
}
