import { PROMOTIONAL_PASS } from '../../shared/limits.ts';

/**
 * Session values taken from the URL query (spec sections 2 and 3). Names are matched
 * case-insensitively and the first occurrence wins.
 */
export interface UrlSession {
  callbackUrl: string;
  /** The whole original query, rebuilt with its leading '?', or '' when there is none. */
  queryString: string;
  pass: string;
  isIotmartAna: boolean;
  action: string;
  isActionReferer: boolean;
  registerPurpose: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  userId: string;
  token: string;
  email: string;
  uid: string;
  pp: string;
}

/** Lowercased parameter names; the first occurrence of each wins. */
export function readQueryParams(search: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(search)) {
    const key = name.toLowerCase();
    if (!params.has(key)) params.set(key, value);
  }
  return params;
}

export function rebuildQueryString(search: string): string {
  const query = new URLSearchParams(search).toString();
  return query === '' ? '' : `?${query}`;
}

export function readUrlSession(search: string): UrlSession {
  const params = readQueryParams(search);
  const get = (name: string) => params.get(name) ?? '';
  const pass = get('pass').toLowerCase();
  const action = get('action');
  return {
    // URLSearchParams already decoded the value once, as the spec's 'decoded' asks.
    callbackUrl: get('callbackurl'),
    queryString: rebuildQueryString(search),
    pass,
    isIotmartAna: pass === PROMOTIONAL_PASS,
    action,
    isActionReferer: action.toLowerCase() === 'referer',
    registerPurpose: get('regpurpose'),
    utmSource: get('utm_source'),
    utmMedium: get('utm_medium'),
    utmCampaign: get('utm_campaign'),
    userId: get('userid'),
    token: get('token'),
    email: get('email'),
    uid: get('uid'),
    pp: get('pp'),
  };
}
