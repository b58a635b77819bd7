/** Resolved at build time by scripts/build-client.ts: the URL of each language's catalogue. */
declare module 'locales:urls' {
  const urls: Record<import('../shared/languages.ts').Language, string>;
  export default urls;
}

/** Resolved at build time by scripts/build-client.ts: the URL of each language's state names. */
declare module 'state-names:urls' {
  const urls: Record<import('../shared/geo/state-names.ts').StateNamesLanguage, string>;
  export default urls;
}

/** Resolved at build time by scripts/build-client.ts: what client/start.ts fetches. */
declare module 'client:start' {
  /** The app's entry script. */
  export const app: string;
  /** The chunks the entry imports. */
  export const modules: string[];
  /** The chunks of a prerendered screen that comes in a group of its own, by its path segment. */
  export const screenModules: Record<string, string[] | undefined>;
  export const catalogues: Record<import('../shared/languages.ts').Language, string>;
}
