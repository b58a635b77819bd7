import { request } from 'undici';

const MAX_BODY_BYTES = 64 * 1024;

/** A provider call that did not give a usable answer (refused, timed out, not JSON, an error status). */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** GET or form POST to a provider endpoint; the JSON object it answers, or ProviderError. */
export async function providerJson(
  url: string,
  options: { form?: Record<string, string>; bearer?: string; timeoutMs: number },
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  let status: number;
  let text: string;
  try {
    const response = await request(url, {
      method: options.form ? 'POST' : 'GET',
      headers,
      body: options.form ? new URLSearchParams(options.form).toString() : undefined,
      // undici does not follow redirects: a provider endpoint that answers 3xx is a failure.
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    status = response.statusCode;
    text = await response.body.text();
  } catch (error) {
    throw new ProviderError(`provider call failed: ${new URL(url).host}`, { cause: error });
  }
  if (text.length > MAX_BODY_BYTES) throw new ProviderError('provider answer too large');
  if (status < 200 || status >= 300) throw new ProviderError(`provider answered ${status}`);
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new ProviderError('provider answer is not a JSON object');
}

export const stringField = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
