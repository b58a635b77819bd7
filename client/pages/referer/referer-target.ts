import type { Language } from '../../../shared/languages.ts';

export interface RefererParams {
  id: string;
  tempId: string;
  action: string;
  callbackUrl: string;
  pass: string;
}

/** Query or path form (referer/{action}/{seq}/{tempid}); query values win, read case-insensitively. */
export function readRefererParams(query: Map<string, string>, path: { action?: string; seq?: string; tempid?: string }): RefererParams {
  return {
    id: query.get('id') ?? path.seq ?? '',
    tempId: query.get('tempid') ?? path.tempid ?? '',
    action: query.get('action') ?? path.action ?? '',
    callbackUrl: query.get('callbackurl') ?? '',
    pass: (query.get('pass') ?? '').toLowerCase(),
  };
}

function withQuery(path: string, values: Array<[string, string]>): string {
  const query = new URLSearchParams(values.filter(([, value]) => value !== '')).toString();
  return query === '' ? path : `${path}?${query}`;
}

/** Signed in: change-password (action=referer) for changepwd, otherwise my-account; pass and callbackurl kept. */
export function refererSuccessPath(lang: Language, params: RefererParams): string {
  const kept: Array<[string, string]> = [
    ['pass', params.pass],
    ['callbackurl', params.callbackUrl],
  ];
  if (params.action.toLowerCase() === 'changepwd') return withQuery(`/${lang}/change-password`, [['action', 'referer'], ...kept]);
  return withQuery(`/${lang}/my-account`, kept);
}

/** Not signed in: login, coming back to the callback URL or else My account. */
export function refererFailurePath(lang: Language, params: RefererParams): string {
  return withQuery(`/${lang}/login`, [
    ['callbackurl', params.callbackUrl || `/${lang}/my-account`],
    ['pass', params.pass],
  ]);
}
