/**
 * The path of one request to a contract route: its url with the params put in, then the query
 * (undefined values left out). Used by the portal's member-service client and the browser client
 * alike; it imports nothing, so the browser's bundle gets these few lines only.
 */
export function routePath(url: string, params?: object, query?: object): string {
  const values = params as Record<string, unknown> | undefined;
  const path = values ? url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name]))) : url;
  const search = query
    ? new URLSearchParams(
        Object.entries(query)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => [name, String(value)]),
      ).toString()
    : '';
  return search ? `${path}?${search}` : path;
}
