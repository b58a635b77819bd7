import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** The part of a tap test object the site needs. */
interface TeardownTarget {
  teardown(fn: () => unknown): void;
}

/** One visit of the callback path with a ticket, and what the portal answered when the site redeemed it. */
export interface Redemption {
  /** The query the browser brought, `id` and `tempid` included. */
  query: Record<string, string>;
  status: number;
  /** CheckGoToProfile's reply: `{ isSuccess, code, data: { memberId, userId, firstName, lastName, tempId } }` when it worked. */
  reply: {
    isSuccess?: boolean;
    code?: string;
    data?: { memberId?: string; userId?: string; firstName?: string; lastName?: string; tempId?: string };
  };
}

export interface CompanySite {
  /** http://127.0.0.1:{port} */
  origin: string;
  /** The portal's ALLOWED_CALLBACK_HOSTS entry for this site: scheme, host and port named explicitly. */
  allowListEntry: string;
  /** The path the portal sends members back to. */
  callbackPath: string;
  /** The URL a sign-in for this site returns to, with a query of the site's own kept alongside the ticket. */
  callbackUrl(query?: Record<string, string>): string;
  /** Every ticket the site was sent, oldest first. */
  redemptions: Redemption[];
  /** Every path and query the site was asked for, ticket or not, oldest first. */
  visits: string[];
}

export interface CompanySiteOptions {
  /** The portal's origin, read at request time (the portal may start after the site). */
  portal: () => string;
  /** One of the portal's SSO_SITE_KEYS. */
  siteKey: string;
  callbackPath?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Company site</title><main>${body}</main></html>`);
}

/**
 * A company site on its own loopback port, as a real one uses the portal: its callback path
 * receives `id` and `tempid`, redeems them server to server at the portal's
 * `POST /api/Member/CheckGoToProfile` with its site key, records the outcome and greets the
 * member by the account the portal named. Without a ticket it offers a link to sign in at the
 * portal that comes back to the callback path.
 */
export async function startCompanySite(t: TeardownTarget, options: CompanySiteOptions): Promise<CompanySite> {
  const callbackPath = options.callbackPath ?? '/sso/callback';
  const redemptions: Redemption[] = [];
  const visits: string[] = [];
  let origin = '';
  const callbackUrl = (query: Record<string, string> = {}) => {
    const url = new URL(callbackPath, origin);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    return url.href;
  };

  async function redeem(query: Record<string, string>): Promise<Redemption> {
    const response = await fetch(`${options.portal()}/api/Member/CheckGoToProfile`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.siteKey}`,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ memberId: query.id, tempId: query.tempid }),
    });
    const text = await response.text();
    let reply: Redemption['reply'];
    try {
      reply = JSON.parse(text) as Redemption['reply'];
    } catch {
      reply = { code: `unreadable: ${text.slice(0, 200)}` };
    }
    return { query, status: response.status, reply };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin);
    visits.push(url.pathname + url.search);
    if (req.method !== 'GET' || url.pathname !== callbackPath) return page(res, 404, '<h1>Not found</h1>');
    const query = Object.fromEntries(url.searchParams);
    if (!query.id || !query.tempid) {
      const lang = query.lang ?? 'en';
      const back = callbackUrl(Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'id' && name !== 'tempid')));
      const signIn = `${options.portal()}/${encodeURIComponent(lang)}/login?callbackurl=${encodeURIComponent(back)}`;
      return page(res, 200, `<h1>Company site</h1><a href="${escapeHtml(signIn)}">Sign in with your member account</a>`);
    }
    const redemption = await redeem(query);
    redemptions.push(redemption);
    const userId = redemption.reply.isSuccess ? redemption.reply.data?.userId : undefined;
    page(
      res,
      200,
      userId
        ? `<h1>Signed in as ${escapeHtml(userId)}</h1>`
        : `<h1>Sign-in refused: ${escapeHtml(redemption.reply.code ?? String(redemption.status))}</h1>`,
    );
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => page(res, 500, `<h1>Site error</h1><pre>${escapeHtml(String(error))}</pre>`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { origin, allowListEntry: origin, callbackPath, callbackUrl, redemptions, visits };
}
