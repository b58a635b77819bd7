/**
 * A browser as the load sees it: a cookie jar shared by every portal instance (one site behind a
 * load balancer), JSON calls with the header the client sends, and each reply's code.
 */
import { Agent, request } from 'undici';

export interface Reply {
  status: number;
  /** The envelope's code, or '' when the reply is not the envelope. */
  code: string;
  data: unknown;
  /** The fields a refused form names. */
  fields: string[];
}

/** Keep-alive connections to the portals, enough for every virtual user. */
export const dispatcher = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

export class Browser {
  readonly cookies = new Map<string, string>();

  async call(baseUrl: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body !== undefined) headers['content-type'] = 'application/json';
    const reply = await request(baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      dispatcher,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    });
    this.remember(reply.headers['set-cookie']);
    const text = await reply.body.text();
    let envelope: { code?: unknown; data?: unknown; errors?: Array<{ field?: string; code?: string }> } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      // Not JSON: counted as an error by whoever expected a code.
    }
    const fields = Array.isArray(envelope.errors) ? envelope.errors.map((error) => `${error.field} ${error.code}`) : [];
    return { status: reply.statusCode, code: typeof envelope.code === 'string' ? envelope.code : '', data: envelope.data, fields };
  }

  private remember(setCookie: string | string[] | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /;\s*max-age=0/i.test(line) || /;\s*expires=Thu, 01 Jan 1970/i.test(line);
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
