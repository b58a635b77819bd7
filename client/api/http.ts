import type { ReplyCode } from '../../shared/codes.ts';
import type { Reply } from '../../shared/schemas/reply.ts';
import { languageOfPath, pageOfPath } from '../session/language-path.ts';
import { emitApiEvent } from './api-events.ts';

export type ApiErrorKind = 'network' | 'server' | 'unauthorized' | 'badResponse' | 'rejected';

/** A request that produced no usable reply envelope, or a read whose reply was not a success. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly code?: ReplyCode,
  ) {
    super(`${kind} ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** A 401 answers the question (a read that is also the login check): thrown as `unauthorized`, never reported as signed out. */
  signedOutIsAnswer?: boolean;
}

/**
 * A reply whose body is not read: cancelled, so the connection is free again at once (an unread
 * body keeps the request open in the browser until it is collected).
 */
export function releaseBody(response: Response): void {
  void response.body?.cancel().catch(() => undefined);
}

/** The login screen handles its own 401s and TempIdInValid; everywhere else they end the session. */
function onLoginPage(): boolean {
  return pageOfPath(location.pathname) === 'login';
}

function currentLanguage() {
  return languageOfPath(location.pathname);
}

/**
 * The one way the client calls the BFF: same-origin cookie, the XMLHttpRequest marker the
 * BFF's CSRF check requires, the page language. Resolves with the reply envelope (including
 * failures the server explains); throws ApiError when there is no envelope to show.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<Reply<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  const hasBody = options.body !== undefined || method === 'DELETE';
  if (hasBody) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('network', 0);
  }

  if (response.status >= 500) {
    releaseBody(response);
    emitApiEvent('serverError', { status: response.status });
    throw new ApiError('server', response.status);
  }
  if (response.status === 401 && options.signedOutIsAnswer) {
    releaseBody(response);
    throw new ApiError('unauthorized', 401);
  }

  let reply: Reply<T>;
  try {
    reply = (await response.json()) as Reply<T>;
  } catch {
    if (response.status === 401 && !onLoginPage()) emitApiEvent('signedOut', {});
    throw new ApiError('badResponse', response.status);
  }

  if (!onLoginPage() && (response.status === 401 || reply.code === 'TempIdInValid')) {
    emitApiEvent('signedOut', { code: reply.code });
    if (response.status === 401) throw new ApiError('unauthorized', 401, reply.code);
  }
  // Every screen alike: the member is asked to sign in again and comes back to where they were.
  if (reply.code === 'RecentSignInRequired') emitApiEvent('recentSignInRequired', {});
  return reply;
}

/** swr fetcher: the key is the API path; a reply that is not a success becomes an ApiError. */
export async function fetchData<T>(path: string): Promise<T> {
  const reply = await request<T>(path);
  if (!reply.isSuccess) throw new ApiError('rejected', 200, reply.code);
  return reply.data as T;
}
