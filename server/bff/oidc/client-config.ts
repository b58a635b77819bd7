import { readFileSync } from 'node:fs';

/** A company site allowed to sign members in by OpenID Connect, in the standard client metadata names. */
export interface OidcClientConfig {
  client_id: string;
  /** Absent for a public client (token_endpoint_auth_method 'none'). */
  client_secret?: string;
  token_endpoint_auth_method: 'client_secret_basic' | 'client_secret_post' | 'none';
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  backchannel_logout_uri?: string;
  client_name?: string;
  /** A company site of the portal's own: no consent screen, and offline_access needs no extra prompt. */
  first_party: boolean;
}

const KNOWN_FIELDS = new Set([
  'client_id',
  'client_secret',
  'token_endpoint_auth_method',
  'redirect_uris',
  'post_logout_redirect_uris',
  'backchannel_logout_uri',
  'client_name',
  'first_party',
]);
const AUTH_METHODS = new Set(['client_secret_basic', 'client_secret_post', 'none']);
const CLIENT_ID = /^[A-Za-z0-9._-]{1,100}$/;
const MIN_SECRET_LENGTH = 32;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

class EntryError extends Error {}

/** https anywhere; http only on a loopback host, for a site under development. No fragment. */
function siteUrl(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new EntryError(`${field} must be a URL`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EntryError(`${field} '${value}' is not a URL`);
  }
  if (url.hash !== '' || value.includes('#')) throw new EntryError(`${field} '${value}' must not have a fragment`);
  if (url.username !== '' || url.password !== '') throw new EntryError(`${field} '${value}' must not carry credentials`);
  if (url.protocol === 'https:') return value;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return value;
  throw new EntryError(`${field} '${value}' must be https (http only on localhost, 127.0.0.1 or [::1])`);
}

function siteUrls(value: unknown, field: string, required: boolean): string[] {
  if (value === undefined && !required) return [];
  if (!Array.isArray(value) || (required && value.length === 0))
    throw new EntryError(`${field} must be a${required ? ' non-empty' : 'n'} array of URLs`);
  return value.map((entry, i) => siteUrl(entry, `${field}[${i}]`));
}

function clientEntry(raw: unknown): OidcClientConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new EntryError('must be an object');
  const entry = raw as Record<string, unknown>;
  for (const key of Object.keys(entry)) if (!KNOWN_FIELDS.has(key)) throw new EntryError(`${key} is not a known field`);
  if (typeof entry.client_id !== 'string' || !CLIENT_ID.test(entry.client_id))
    throw new EntryError('client_id must be 1 to 100 letters, digits, dots, dashes or underscores');
  const secret = entry.client_secret;
  const method = entry.token_endpoint_auth_method ?? (secret === undefined ? undefined : 'client_secret_basic');
  if (method === undefined) throw new EntryError('client_secret is missing (a public client says "token_endpoint_auth_method": "none")');
  if (typeof method !== 'string' || !AUTH_METHODS.has(method))
    throw new EntryError('token_endpoint_auth_method must be client_secret_basic, client_secret_post or none');
  if (method === 'none' && secret !== undefined) throw new EntryError('client_secret must be absent for a public client');
  if (method !== 'none' && (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH))
    throw new EntryError(`client_secret must be at least ${MIN_SECRET_LENGTH} characters`);
  if (entry.first_party !== undefined && typeof entry.first_party !== 'boolean') throw new EntryError('first_party must be true or false');
  if (entry.client_name !== undefined && (typeof entry.client_name !== 'string' || entry.client_name.length > 100))
    throw new EntryError('client_name must be text of at most 100 characters');
  return {
    client_id: entry.client_id,
    ...(typeof secret === 'string' ? { client_secret: secret } : {}),
    token_endpoint_auth_method: method as OidcClientConfig['token_endpoint_auth_method'],
    redirect_uris: siteUrls(entry.redirect_uris, 'redirect_uris', true),
    post_logout_redirect_uris: siteUrls(entry.post_logout_redirect_uris, 'post_logout_redirect_uris', false),
    ...(entry.backchannel_logout_uri === undefined
      ? {}
      : { backchannel_logout_uri: siteUrl(entry.backchannel_logout_uri, 'backchannel_logout_uri') }),
    ...(typeof entry.client_name === 'string' ? { client_name: entry.client_name } : {}),
    first_party: entry.first_party === true,
  };
}

/**
 * Reads OIDC_CLIENTS (a JSON array) or OIDC_CLIENTS_FILE (the same JSON in a file). A bad entry
 * throws an Error naming the variable, the entry (position and client_id) and the field, so the
 * portal does not start with a site half configured.
 */
export function loadOidcClients(env: NodeJS.ProcessEnv): OidcClientConfig[] {
  const inline = env.OIDC_CLIENTS?.trim();
  const file = env.OIDC_CLIENTS_FILE?.trim();
  if (inline && file) throw new Error('Invalid OIDC_CLIENTS_FILE: set OIDC_CLIENTS or OIDC_CLIENTS_FILE, not both');
  const variable = file ? 'OIDC_CLIENTS_FILE' : 'OIDC_CLIENTS';
  let text = inline;
  if (file) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw new Error(`Invalid OIDC_CLIENTS_FILE: cannot read '${file}' (${(err as Error).message})`, { cause: err });
    }
  }
  if (!text) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`Invalid ${variable}: not JSON (${(err as Error).message})`, { cause: err });
  }
  if (!Array.isArray(parsed)) throw new Error(`Invalid ${variable}: must be a JSON array of clients`);
  const seen = new Set<string>();
  return parsed.map((raw, index) => {
    const name = typeof (raw as { client_id?: unknown })?.client_id === 'string' ? ` ("${(raw as { client_id: string }).client_id}")` : '';
    try {
      const client = clientEntry(raw);
      if (seen.has(client.client_id)) throw new EntryError('client_id is used by an earlier entry');
      seen.add(client.client_id);
      return client;
    } catch (err) {
      if (err instanceof EntryError) throw new Error(`Invalid ${variable}: entry ${index + 1}${name}: ${err.message}`, { cause: err });
      throw err;
    }
  });
}
