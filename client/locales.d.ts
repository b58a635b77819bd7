/** Resolved at build time by scripts/build-client.ts: the URL of each language's catalogue. */
declare module 'locales:urls' {
  const urls: Record<import('../shared/languages.ts').Language, string>;
  export default urls;
}

/** Resolved at build time by scripts/build-client.ts: what client/start.ts fetches. */
declare module 'client:start' {
  /** The app's entry script. */
  export const app: string;
  /** The chunks the entry imports. */
  export const modules: string[];
  export const catalogues: Record<import('../shared/languages.ts').Language, string>;
}
