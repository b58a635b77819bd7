import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { passkeysContract } from '../../../shared/contract/passkeys.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import type { Passkey } from '../../../shared/schemas/passkeys.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { recordSecurityEvent } from '../record-security-event.ts';
import { randomToken } from '../security/tokens.ts';
import { signInReply } from '../sign-in/sign-in-reply.ts';
import type { PasskeyRow } from '../store/schema.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const view = (row: PasskeyRow): Passkey => ({
  id: row.public_id,
  name: row.name,
  createdAt: iso(row.created_at) ?? '',
  lastUsedAt: iso(row.last_used_at),
});
const transportsOf = (row: PasskeyRow): string[] => JSON.parse(row.transports) as string[];

/**
 * The member's passkeys. The portal verifies every WebAuthn ceremony (it holds the challenge in
 * the browser's session and knows its origin); this service keeps the credentials, lets only
 * their owner list, rename and remove them, and signs the owner in after a verified assertion.
 */
export async function passkeyRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { list, add, rename, remove, credential, signIn, cloned } = passkeysContract;
  const member = { preHandler: app.requireMember };

  api.get(list.url, { ...member, schema: list.schema }, async (request) => {
    const rows = await store.passkeys.list(request.member!.id);
    return ok({ passkeys: rows.map((row) => ({ ...view(row), credentialId: row.credential_id, transports: transportsOf(row) })) });
  });

  api.post(add.url, { ...member, schema: add.schema }, async (request, reply) => {
    const { credentialId, publicKey, counter, transports, name } = request.body;
    const publicId = randomToken(16);
    const now = clock.now();
    const added = await store.passkeys.add({
      memberId: request.member!.id,
      publicId,
      credentialId,
      publicKey,
      signCount: counter,
      transports,
      name,
      createdAt: now,
    });
    if (!added) return reply.code(409).send(fail('PasskeyExists'));
    // A new way in: the member hears of it by mail (through the queue), in case it was not them.
    const lang = mailLanguage(undefined, request.headers['accept-language'], request.member!.lang);
    await ctx.messages.queue(request.member!.id, 'passkey-added', { lang, passkeyName: name, changedAt: now });
    const row = (await store.passkeys.list(request.member!.id)).find((r) => r.public_id === publicId);
    return ok({ passkey: view(row!) });
  });

  // Another member's id finds nothing: NotFound, exactly as an id that never existed.
  api.patch(rename.url, { ...member, schema: rename.schema }, async (request, reply) => {
    const row = await store.passkeys.rename(request.member!.id, request.params.id, request.body.name);
    return row ? ok({ passkey: view(row) }) : reply.code(404).send(fail('NotFound'));
  });

  api.delete(remove.url, { ...member, schema: remove.schema }, async (request, reply) => {
    const row = await store.passkeys.remove(request.member!.id, request.params.id);
    return row ? ok({ id: row.public_id }) : reply.code(404).send(fail('NotFound'));
  });

  // Service calls of a passkey sign-in: nobody is signed in yet; the service key authenticates the portal.
  api.post(credential.url, { schema: credential.schema }, async (request) => {
    const row = await store.passkeys.findByCredentialId(request.body.credentialId);
    const owner = row && (await store.members.findById(row.member_id));
    if (!row || !owner) return fail('PasskeyNotAccepted');
    return ok({
      memberId: owner.id,
      publicKey: row.public_key,
      counter: Number(row.sign_count),
      transports: transportsOf(row),
      userId: owner.email,
    });
  });

  api.post(signIn.url, { schema: signIn.schema }, async (request) => {
    const { credentialId, seenCounter, newCounter, returnUrl } = request.body;
    const row = await store.passkeys.findByCredentialId(credentialId);
    // The counter moves only from the value the assertion was checked against: of two uses of one assertion, one passes.
    if (!row || !(await store.passkeys.used(row.id, seenCounter, newCounter, clock.now()))) return fail('PasskeyNotAccepted');
    const owner = await store.members.findById(row.member_id);
    if (!owner) return fail('PasskeyNotAccepted');
    return signInReply(ctx, owner, { way: 'passkey', returnUrl, signedInFrom: request.body.signedInFrom });
  });

  // A signature by the credential's key with a counter below the one on record: two copies of the
  // key are in use. Neither can be told from the other, so the credential signs nobody in any more,
  // and the member learns of it in the activity list and by mail.
  api.post(cloned.url, { schema: cloned.schema }, async (request) => {
    const { credentialId, device, ipPrefix } = request.body;
    const row = await store.passkeys.findByCredentialId(credentialId);
    const now = clock.now();
    if (!row || !(await store.passkeys.disable(row.id, now))) return ok({});
    const owner = await store.members.findById(row.member_id);
    if (!owner) return ok({});
    await recordSecurityEvent(ctx, owner.id, { type: 'passkeyCloned', device, ipPrefix, method: 'passkey' });
    const lang = mailLanguage(undefined, undefined, owner.lang);
    await ctx.messages.queue(owner.id, 'passkey-cloned', { lang, passkeyName: row.name, changedAt: now });
    return ok({});
  });
}
