import type { Clock } from '../../server/common/clock.ts';
import type { MemberRowUpdate } from '../../server/member-service/store/schema.ts';
import { openMemberStore } from '../../server/member-service/store/store.ts';
import { createActiveMember, createClient, startStack, TEST_PASSWORD, type Stack, type StackOverrides } from '../helper.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export const SITE_KEY = 'site-key-of-the-shop-0123456789abcdef';

/** Portal and member service with sign-in limits high enough for the tests, a shop as allowed callback host and its site key. */
export async function startSignInStack(
  t: Teardown,
  options: { clock?: Clock; env?: NodeJS.ProcessEnv; onSessionEnded?: StackOverrides['onSessionEnded'] } = {},
) {
  const stack = await startStack(t, {
    clock: options.clock,
    onSessionEnded: options.onSessionEnded,
    env: {
      ALLOWED_CALLBACK_HOSTS: 'shop.example',
      SSO_SITE_KEYS: SITE_KEY,
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      OTP_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_PER_MINUTE: '5000',
      ...options.env,
    },
  });
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  return {
    stack,
    async member(changes: MemberRowUpdate = {}) {
      const member = await createActiveMember(stack);
      const row = await store.members.findByEmail(member.email);
      if (Object.keys(changes).length > 0) await store.members.update(row!.id, changes);
      return { ...member, publicId: row!.public_id };
    },
    async setMember(email: string, changes: MemberRowUpdate) {
      const row = await store.members.findByEmail(email);
      await store.members.update(row!.id, changes);
    },
    login(client: ReturnType<typeof createClient>, userId: string, password = TEST_PASSWORD, returnUrl?: string) {
      return client.post('/api/Member/Login', { userId, password, ...(returnUrl === undefined ? {} : { returnUrl }) });
    },
  };
}

export type SignInStack = Awaited<ReturnType<typeof startSignInStack>>;
export type { Stack };
