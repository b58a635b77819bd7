import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { ContractRoute, HttpMethod, RouteInput, RouteSchema, SuccessData } from '../../shared/contract/route.ts';
import { Pool } from 'undici';
import { routePath } from '../../shared/contract/route-path.ts';
import type { Reply } from '../../shared/schemas/reply.ts';
import { UpstreamUnavailableError } from './errors.ts';
import { checkReplyOf } from './upstream-contract.ts';
import { failureOutcome, timeUpstreamCall } from './metrics/upstream-metrics.ts';

export interface UpstreamOptions {
  /** Base URL of the member service, without a trailing slash. */
  url: string;
  serviceKey: string;
  timeoutMs: number;
  /** Calls and replies are logged at debug level, through the log's redaction. */
  log?: FastifyBaseLogger;
}

export type CallInput<S extends RouteSchema> = RouteInput<S> & {
  /** The member token from the session, sent as a Bearer token. */
  token?: string;
  /** Language of mails the call may send. */
  language?: string;
  /**
   * The reply goes on to the browser as it is (relay) and nowhere else: the route's reply
   * schema writes only the fields it lists, at every depth, so the contract's own clean-up
   * is skipped. Never for a reply the portal reads, keeps or logs beyond the call.
   */
  relayed?: true;
};

/** The `data` of a call's success reply, as its contract route declares it. */
export type ReplyData<S extends RouteSchema> = SuccessData<S>;

/** One exchange as it goes on the wire. */
interface WireRequest {
  method: HttpMethod;
  path: string;
  body?: unknown;
  token?: string;
  language?: string;
}

export interface UpstreamReply<T> {
  status: number;
  body: Reply<T>;
}

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

function isEnvelope(value: unknown): value is Reply<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Reply).isSuccess === 'boolean' &&
    typeof (value as Reply).code === 'string'
  );
}

/**
 * One deadline for a whole exchange, on top of the pool's per-phase timeouts, as the `signal`
 * undici takes (an EventEmitter with `aborted` and `reason` serves as well as an AbortSignal).
 * An AbortController would cost an EventTarget, its listener bookkeeping and an AbortSignal at
 * every call; AbortSignal.timeout would also keep its timer for the whole timeout, long after the reply.
 */
class ExchangeDeadline extends EventEmitter {
  aborted = false;
  reason: DOMException | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    super();
    this.timer = setTimeout(expire, ms, this, ms).unref();
  }

  end(): void {
    clearTimeout(this.timer);
  }
}

function expire(deadline: ExchangeDeadline, ms: number): void {
  deadline.aborted = true;
  deadline.reason = new DOMException(`no answer within ${ms} ms`, 'TimeoutError');
  deadline.emit('abort');
}

/**
 * The member service client: JSON in and out over a keep-alive pool. A refused connection,
 * a timeout, a 5xx, a rejected service key, a reply that is not the envelope or not the contract's
 * reply of the call (shared/contract) all become UpstreamUnavailableError, which the browser sees as `servererror`.
 */
export class Upstream {
  private readonly pool: Pool;
  private readonly basePath: string;

  constructor(private readonly options: UpstreamOptions) {
    const base = new URL(options.url);
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.pool = new Pool(base.origin, {
      connections: 64,
      connectTimeout: options.timeoutMs,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 4_000,
      maxResponseSize: MAX_RESPONSE_BYTES,
    });
  }

  /**
   * Calls one route of the member service contract (shared/contract) and returns its reply,
   * typed and checked by the same route.
   */
  async call<S extends RouteSchema>(route: ContractRoute<S>, input: CallInput<S>): Promise<UpstreamReply<ReplyData<S>>> {
    const { params, query, body, token, language, relayed } = input as { params?: object; query?: object; relayed?: true } & Omit<
      WireRequest,
      'method' | 'path'
    >;
    const path = routePath(route.url, params as Record<string, unknown>, query as Record<string, unknown>);
    return (await this.send({ method: route.method, path, body, token, language }, route, relayed === true)) as UpstreamReply<ReplyData<S>>;
  }

  private async send(request: WireRequest, route: ContractRoute, relayed: boolean): Promise<UpstreamReply<unknown>> {
    const headers: Record<string, string> = { accept: 'application/json', 'x-service-key': this.options.serviceKey };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    if (request.language) headers['accept-language'] = request.language;
    if (request.body !== undefined) headers['content-type'] = 'application/json';

    const timed = timeUpstreamCall(route.url);
    let status: number;
    let text: string;
    try {
      ({ status, text } = await this.exchange(request, headers));
    } catch (err) {
      timed(failureOutcome(err));
      throw new UpstreamUnavailableError(`${request.method} ${request.path} failed`, { cause: err });
    }

    if (status >= 500 || status === 403) {
      timed('server_error');
      throw new UpstreamUnavailableError(`${request.method} ${request.path} answered ${status}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    timed(isEnvelope(body) ? (body.isSuccess ? 'ok' : 'refused') : 'bad_reply');
    if (!isEnvelope(body))
      throw new UpstreamUnavailableError(`${request.method} ${request.path} answered ${status} without the reply envelope`);
    const checked = checkReplyOf(route, status, body, { clean: !relayed });
    if (!checked.ok) throw new UpstreamUnavailableError(`${request.method} ${request.path} answered ${status}: ${checked.problem}`);
    body = checked.body;
    this.options.log?.debug(
      // A relayed reply may still hold fields the contract does not list: only its status is logged.
      { upstream: { method: request.method, path: request.path, body: request.body, status, reply: relayed ? undefined : body } },
      'member service call',
    );
    return { status, body: body as Reply };
  }

  /** One request and its whole reply within the deadline (a method: tsx wraps closures made per call). */
  private async exchange(request: WireRequest, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    const deadline = new ExchangeDeadline(this.options.timeoutMs);
    try {
      const response = await this.pool.request({
        method: request.method,
        path: this.basePath + request.path,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: deadline,
      });
      return { status: response.statusCode, text: await response.body.text() };
    } finally {
      deadline.end();
    }
  }

  /** True when the member service's /readyz (its database and mail queue included) answers 2xx in time. */
  async isReady(): Promise<boolean> {
    const deadline = new ExchangeDeadline(Math.min(this.options.timeoutMs, 3_000));
    try {
      const response = await this.pool.request({ method: 'GET', path: `${this.basePath}/readyz`, signal: deadline });
      await response.body.dump();
      return response.statusCode >= 200 && response.statusCode < 300;
    } catch {
      return false;
    } finally {
      deadline.end();
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
