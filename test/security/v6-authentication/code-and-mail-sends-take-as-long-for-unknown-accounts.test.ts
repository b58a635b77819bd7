import t from 'tap';
import { MemberStatus } from '../../../shared/enums.ts';
import { AFTER_REPLY_DELAY_MS } from '../../../server/member-service/background.ts';
import { passwordHasher } from '../../../server/member-service/security/passwords.ts';
import { randomToken } from '../../../server/member-service/security/tokens.ts';
import { openMemberStore, type MemberStore } from '../../../server/member-service/store/store.ts';
import { createClient, startStack, TEST_PASSWORD } from '../../helper.ts';
import { newMemberRow } from '../../helpers/member-rows.ts';

/**
 * Timing oracle (ASVS V6): SendOtpCode, Reactivate and ResendResetPwdMail answer the same for
 * every address, so their timing must not tell either. Existing and unknown accounts are asked
 * in turn, each try with an address not asked before (the portal's send windows are per
 * account), and the medians are compared. The mail and code work runs after the reply; it used
 * to run before it and made existing accounts some milliseconds slower. The one timed assertion
 * the suite allows: a difference of medians (either way) under a bound that work before the reply exceeds
 * several times over, with a share of the median for a loaded machine.
 */
const TRIES = 40;
const WARM_UP = 5;
const ROUNDS = 4;
const ABSOLUTE_BOUND_MS = 1.5;
const RELATIVE_BOUND = 0.3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

let seeded = 0;
async function seedMembers(store: MemberStore, count: number, status: number, passwordHash: string): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `timing-${status}-${(seeded += 1)}@example.com`;
    const now = Date.now();
    await store.members.register({
      consents: [],
      member: newMemberRow(email, {
        public_id: randomToken(16),
        password_hash: passwordHash,
        status,
        mobile_country_code: '49',
        mobile: '15123456789',
        created_at: now,
        updated_at: now,
        password_changed_at: now,
      }),
    });
    emails.push(email);
  }
  return emails;
}

t.test('sends that reveal nothing take as long for unknown accounts as for existing ones', async (t) => {
  const stack = await startStack(t, {
    env: {
      OTP_RATE_LIMIT_PER_MINUTE: '100000',
      REGISTER_RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_PER_MINUTE: '100000',
      PASSWORD_MAIL_PER_ADDRESS_PER_HOUR: '1000',
    },
  });
  const store = await openMemberStore({ dataDir: stack.dataDir });
  t.teardown(() => store.close());
  const passwordHash = await passwordHasher(stack.memberServiceConfig.passwordHashCost).hash(TEST_PASSWORD);
  const client = createClient(stack.bffUrl);
  // The same pause after every try, long enough for the work after an existing account's reply.
  const settle = async () => {
    await new Promise((resolve) => setTimeout(resolve, AFTER_REPLY_DELAY_MS + 10));
    await stack.apps.memberService.background.drain();
  };

  const routes: Array<{ path: string; status: number; body: (userId: string) => object }> = [
    { path: '/api/Member/SendOtpCode', status: MemberStatus.Active, body: (userId) => ({ userId, otpVerifyType: 1 }) },
    { path: '/api/Member/Reactivate', status: MemberStatus.Unverified, body: (userId) => ({ userId }) },
    { path: '/api/Member/ResendResetPwdMail', status: MemberStatus.Active, body: (userId) => ({ userId }) },
  ];
  let unknown = 0;
  for (const route of routes) {
    const timed = async (userId: string) => {
      const started = performance.now();
      const reply = await client.post(route.path, route.body(userId));
      const elapsed = performance.now() - started;
      if (reply.body?.code !== 'ok') throw new Error(`${route.path} for ${userId}: ${reply.text}`);
      await settle();
      return elapsed;
    };

    const rounds: string[] = [];
    let passed = false;
    for (let round = 0; round < ROUNDS && !passed; round += 1) {
      const existing = await seedMembers(store, TRIES + WARM_UP, route.status, passwordHash);
      const nobody = () => `nobody-${(unknown += 1)}@example.com`;
      for (let i = 0; i < WARM_UP; i += 1) {
        await timed(existing[TRIES + i]!);
        await timed(nobody());
      }
      const forExisting: number[] = [];
      const forUnknown: number[] = [];
      for (let i = 0; i < TRIES; i += 1) {
        // Interleaved, the order switching every try, so drift in the machine's load hits both alike.
        if (i % 2 === 0) {
          forExisting.push(await timed(existing[i]!));
          forUnknown.push(await timed(nobody()));
        } else {
          forUnknown.push(await timed(nobody()));
          forExisting.push(await timed(existing[i]!));
        }
      }
      const difference = median(forExisting) - median(forUnknown);
      const bound = Math.max(ABSOLUTE_BOUND_MS, RELATIVE_BOUND * median(forUnknown));
      rounds.push(
        `existing ${median(forExisting).toFixed(2)} ms, unknown ${median(forUnknown).toFixed(2)} ms (bound ${bound.toFixed(2)} ms)`,
      );
      passed = Math.abs(difference) < bound;
    }
    t.ok(passed, `${route.path}: medians of existing and unknown accounts within the bound: ${rounds.join('; ')}`);
  }
});
