import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Clock } from '../../server/common/clock.ts';
import type { MemberServiceConfig } from '../../server/member-service/config.ts';
import { openMemberStore, type MemberStore } from '../../server/member-service/store/store.ts';
import type { MemberRowUpdate } from '../../server/member-service/store/schema.ts';
import { findLink, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { PASSWORD, linkParts, register, startMemberService, type TestService } from './service.ts';

interface Teardown {
  teardown(fn: () => unknown): void;
}

export interface SignInService extends TestService {
  /** A second connection to the same database, for putting members into the states under test. */
  store: MemberStore;
  activeMember(email: string, overrides?: Record<string, unknown>): Promise<{ email: string; publicId: string; id: number }>;
  setMember(email: string, changes: MemberRowUpdate): Promise<void>;
  login(userId: string, password?: string, returnUrl?: string): Promise<{ status: number; body: any }>;
}

/** A member service (SQLite unless `databaseUrl` is given) with helpers for the sign-in states of spec section 4. */
export async function startSignInService(t: Teardown, overrides: Partial<MemberServiceConfig> = {}, clock?: Clock): Promise<SignInService> {
  const service = await startMemberService(t, overrides, { clock });
  const store = await openMemberStore({ dataDir: service.dataDir, databaseUrl: overrides.databaseUrl });
  t.teardown(() => store.close());
  return {
    ...service,
    store,
    async activeMember(email, registrationOverrides = {}) {
      const registered = await register(service, { email, userId: email, ...registrationOverrides });
      if (registered.body.code !== 'ok') throw new Error(`registration failed: ${JSON.stringify(registered.body)}`);
      const link = linkParts(findLink(await waitForMail(service.dataDir, email), /activate-member/)!);
      await service.call('POST', '/api/Member/Activate', { body: { userId: link.publicId, token: link.token, registrantEmail: email } });
      const row = (await store.members.findByEmail(email))!;
      return { email, publicId: row.public_id, id: row.id };
    },
    async setMember(email, changes) {
      const row = await store.members.findByEmail(email);
      await store.members.update(row!.id, changes);
    },
    login(userId, password = PASSWORD, returnUrl) {
      return service.call('POST', '/api/Member/Login', {
        body: { userId, password: service.encode(password), ...(returnUrl ? { returnUrl } : {}) },
      });
    },
  };
}

/** The six-digit code of the newest sign-in code mail to the address (waiting for the `count`th). */
export async function mailedCode(dataDir: string, email: string, count = 1): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to === email && /\b\d{6}\b/.test(m.text) && !/activate-member/.test(m.text));
    if (mails.length >= count) return /\b(\d{6})\b/.exec(mails.at(-1)!.text)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no sign-in code mail #${count} to ${email}`);
}

/** A German mobile number as a registration gives it (proven later, by a code or by `setMember`). */
export const GERMAN_MOBILE = {
  mobileCountryCode: '49',
  mobile: '15123456789',
  telNo: '',
  telAreacode: '',
  telCountryCode: '',
  country: 'Germany',
  state: '',
};

/** The text messages in the outbox, oldest first. */
export async function textMessages(dataDir: string): Promise<string[]> {
  const dir = join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.sms.txt')).sort();
  return Promise.all(names.map((n) => readFile(join(dir, n), 'utf8')));
}
