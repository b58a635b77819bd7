import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses the JSON and CSV replies of the routes that ask for it (a file or a long list: the
 * portal contract's `compressed`, the OpenAPI document) for browsers that accept br or gzip;
 * every other reply is a few hundred bytes and runs none of its hooks. Files of the client are
 * compressed at build time and never pass through here. No API reply mixes a secret with text
 * an attacker chooses, so compression reveals nothing through reply lengths.
 */
export default fp(
  async function compression(app) {
    await app.register(compress, {
      global: false,
      encodings: ['br', 'gzip'],
      threshold: THRESHOLD_BYTES,
      customTypes: /^(?:application\/json|text\/csv)\b/,
    });
  },
  { name: 'portal-compression' },
);

/** The route option of a route outside the portal contract that is compressed when large. */
export const COMPRESSED = { compress: {} } as const;
