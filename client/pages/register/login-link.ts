const isNamed = (name: string, wanted: string) => name.toLowerCase() === wanted;

/**
 * The query string the login link carries: everything the register page got, except that a
 * CallBackLoginURL (the callback meant for sign-in) becomes CallBackURL and replaces any other
 * callback. Names are compared case-insensitively and the first occurrence wins, as the portal
 * reads its query.
 */
export function loginLinkSearch(search: string): string {
  const entries = [...new URLSearchParams(search).entries()];
  const first = entries.findIndex(([name]) => isNamed(name, 'callbackloginurl'));
  const kept =
    first === -1
      ? entries
      : entries.flatMap(([name, value], index): [string, string][] => {
          if (index === first) return [['CallBackURL', value]];
          return isNamed(name, 'callbackurl') || isNamed(name, 'callbackloginurl') ? [] : [[name, value]];
        });
  const query = new URLSearchParams(kept).toString();
  return query === '' ? '' : `?${query}`;
}
