/** Active members to sign in with, made as visitors make them: registered, then the mail's activation link followed. */
import { activationLinkFor, TEST_PASSWORD, validRegistration } from '../../test/helper.ts';
import { Browser } from './browser.ts';
import type { LoadCluster } from './cluster.ts';

export interface Member {
  email: string;
  password: string;
}

let counter = 0;

/** A fresh address; lower case, as the member service stores it. */
export const newAddress = (kind: string) => `${kind}-${process.pid}-${Date.now()}-${++counter}@example.com`;

export async function createActiveMember(cluster: LoadCluster): Promise<Member> {
  const email = newAddress('member');
  const browser = new Browser();
  const portal = cluster.portals[counter % cluster.portals.length]!.url;
  const registered = await browser.call(portal, 'POST', '/api/Member/Register', validRegistration(email));
  if (registered.code !== 'ok') throw new Error(`registration of ${email} failed: ${registered.status} ${registered.code}`);
  const link = await activationLinkFor(cluster.mailDataDir, email);
  if (!link) throw new Error(`no activation mail to ${email}`);
  const activated = await browser.call(portal, 'POST', '/api/Member/Activate', { userId: link.userId, token: link.token });
  if (activated.code !== 'ok') throw new Error(`activation of ${email} failed: ${activated.status} ${activated.code}`);
  return { email, password: TEST_PASSWORD };
}

/** `count` members, a few at a time. */
export async function createActiveMembers(cluster: LoadCluster, count: number): Promise<Member[]> {
  const members: Member[] = [];
  while (members.length < count) {
    const batch = Math.min(4, count - members.length);
    members.push(...(await Promise.all(Array.from({ length: batch }, () => createActiveMember(cluster)))));
  }
  return members;
}
