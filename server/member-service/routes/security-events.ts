import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../../../shared/rules/email.ts';
import { fail, ok } from '../../../shared/schemas/reply.ts';
import { securityEventsContract as contract } from '../../../shared/contract/security-events.ts';
import {
  SECURITY_EVENTS_PAGE_SIZE,
  type NewDeviceSignIn,
  type NotMeRequest,
  type RecordSecurityEvent,
  type SecurityEvent,
} from '../../../shared/schemas/security-center.ts';
import type { ServiceContext } from '../context.ts';
import { mailLanguage } from '../language.ts';
import { recordSecurityEvent } from '../record-security-event.ts';
import { hashToken } from '../security/tokens.ts';
import type { MemberRow } from '../store/schema.ts';
import type { SecurityEventRow } from '../store/schema.ts';

const view = (row: SecurityEventRow): SecurityEvent => ({
  id: row.public_id,
  type: row.type as SecurityEvent['type'],
  at: new Date(Number(row.at)).toISOString(),
  device: row.device,
  ipPrefix: row.ip_prefix,
  method: row.method,
});

/**
 * The member's security activity: the portal records what it witnessed (sign-ins, failures,
 * locks, changes), the member reads it page by page and may disown an event ("This wasn't me"),
 * which ends every token and ticket of the member and mails a password-reset link.
 */
export async function securityEventRoutes(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  const { store, clock } = ctx;

  /** The member a recording names: the token's when one is sent, else by id, else by sign-in ID (e-mail). */
  async function subject(request: FastifyRequest<{ Body: RecordSecurityEvent }>, reply: FastifyReply): Promise<MemberRow | undefined> {
    if (request.headers.authorization !== undefined) {
      await app.requireMember(request, reply);
      return request.member ?? undefined;
    }
    const { memberId, userId } = request.body;
    if (memberId !== undefined) return store.members.findById(memberId);
    if (userId) return store.members.findByEmail(normalizeEmail(userId));
    return undefined;
  }

  app.post<{ Body: RecordSecurityEvent }>(contract.record.url, { schema: contract.record.schema }, async (request, reply) => {
    const member = await subject(request, reply);
    if (reply.sent) return reply;
    // A failed sign-in for an unknown address is no one's event; the answer does not tell.
    if (!member) return ok();
    const { memberId: _id, userId: _user, ...event } = request.body;
    return ok({ id: await recordSecurityEvent(ctx, member.id, event) });
  });

  // The sign-in itself recorded its event (sign-in/sign-in-reply.ts); the portal tells afterwards
  // whether the browser was new to the member, which only it knows.
  app.post<{ Body: NewDeviceSignIn }>(contract.newDeviceSignIn.url, { schema: contract.newDeviceSignIn.schema }, async (request, reply) => {
    const { memberId, eventId } = request.body;
    const event = await store.securityEvents.find(memberId, eventId);
    if (!event || event.type !== 'signIn') return reply.code(404).send(fail('NotFound'));
    const member = await store.members.findById(memberId);
    // A member's very first sign-in (just registered) has no known browser to differ from: no mail.
    if (member && (await store.securityEvents.hasEarlier(member.id, 'signIn', event.id))) {
      await ctx.messages.queue(member.id, 'new-device-sign-in', { lang: mailLanguage(undefined, undefined, member.lang), eventId });
    }
    return ok();
  });

  app.get<{ Querystring: { before?: string } }>(
    contract.list.url,
    { preHandler: app.requireMember, schema: contract.list.schema },
    async (request) => {
      // One more than a page tells whether an older page exists.
      const rows = await store.securityEvents.page(request.member!.id, request.query.before, SECURITY_EVENTS_PAGE_SIZE + 1);
      const events = rows.slice(0, SECURITY_EVENTS_PAGE_SIZE).map(view);
      const last = events.at(-1);
      return ok(rows.length > SECURITY_EVENTS_PAGE_SIZE && last ? { events, next: last.id } : { events });
    },
  );

  app.post<{ Body: NotMeRequest & { device?: string; ipPrefix?: string } }>(
    contract.notMe.url,
    // Where the portal saw it: the service stores what it is told, the portal reads it off the request.
    { schema: contract.notMe.schema },
    async (request, reply) => {
      const { eventId, token, device, ipPrefix } = request.body;
      let event: SecurityEventRow | undefined;
      if (token !== undefined) {
        event = await store.securityEvents.findByLink(eventId, hashToken(token), clock.now());
      } else {
        await app.requireMember(request, reply);
        if (reply.sent) return reply;
        event = await store.securityEvents.find(request.member!.id, eventId);
      }
      // Another member's event, an unknown one and a used link look the same.
      if (!event) return reply.code(404).send(fail('NotFound'));
      const member = await store.members.findById(event.member_id);
      if (!member) return reply.code(404).send(fail('NotFound'));
      await store.securityEvents.endEverything(event, clock.now());
      await ctx.messages.queue(member.id, 'password-reset', {
        lang: mailLanguage(undefined, request.headers['accept-language'], member.lang),
      });
      await recordSecurityEvent(ctx, member.id, { type: 'notMe', device, ipPrefix });
      return ok({ memberId: member.id });
    },
  );
}
