import type { BrowserContext } from 'playwright-core';

/**
 * Signs the member in for the whole context through the portal's API, as the login screen's call
 * does (the XMLHttpRequest marker the CSRF check wants, the password as typed): the session
 * cookie lands in the context's jar. For tests whose subject is a signed-in screen, not the login
 * form, this saves loading and filling that form (journeys that test it keep signing in by hand).
 */
export async function signInByApi(context: BrowserContext, member: { email: string; password: string }): Promise<void> {
  const reply = await context.request.post('/api/Member/Login', {
    headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    data: { userId: member.email, password: member.password },
  });
  const body = (await reply.json().catch(() => undefined)) as { code?: string } | undefined;
  if (body?.code !== 'ok') throw new Error(`sign-in of ${member.email} failed: ${reply.status()} ${await reply.text()}`);
}
