/** Resolved at build time by scripts/build-client.ts: the URL of each language's catalogue. */
declare module 'locales:urls' {
  const urls: Record<import('../shared/languages.ts').Language, string>;
  export default urls;
}
