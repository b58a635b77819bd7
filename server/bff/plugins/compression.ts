import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's JSON and CSV replies for browsers that accept br or gzip. Files of the
 * client are compressed at build time and never pass through here. No API reply mixes a secret
 * with text an attacker chooses, so compression reveals nothing through reply lengths.
 */
export default fp(
  async function compression(app) {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: THRESHOLD_BYTES,
      customTypes: /^(?:application\/json|text\/csv)\b/,
    });
  },
  { name: 'portal-compression' },
);
