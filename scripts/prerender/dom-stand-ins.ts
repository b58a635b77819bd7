/**
 * The little of a browser the client's screens read while rendering, for rendering them in Node
 * at build time: an address without query or referrer, empty storage and cookies. Nothing here
 * runs in a browser; a screen that needs more fails the prerender, and the build goes on without.
 */
const storage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
};

export function standInFor(path: string, lang: string): void {
  const globals = globalThis as Record<string, unknown>;
  globals.window = globalThis;
  globals.location = { origin: '', protocol: 'https:', host: '', hostname: '', pathname: path, search: '', hash: '', href: path };
  // No #root: client/main.tsx, which the screen groups import, then draws nothing.
  globals.document = { referrer: '', cookie: '', title: '', documentElement: { lang }, getElementById: () => null };
  globals.navigator = { language: lang, languages: [lang], userAgent: 'prerender' };
  globals.localStorage = storage();
  globals.sessionStorage = storage();
}
