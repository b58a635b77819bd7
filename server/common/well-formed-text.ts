import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { illFormedTextAt } from '../../shared/rules/text.ts';

const PARTS = [
  ['body', 'body'],
  ['querystring', 'query'],
  ['params', 'params'],
] as const;

/**
 * Refuses a request that carries ill-formed Unicode anywhere (shared/rules/text.ts) before any
 * schema, handler or encoder sees it, on every route of the server that registers it. It fails
 * as a schema failure does, so each server's error handler answers 400 FormValidateFail with
 * Form_Format on the field: no route has to remember the rule, and none can answer 500 for it.
 */
export const wellFormedText = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const [context, part] of PARTS) {
        const pointer = illFormedTextAt(request[part]);
        if (pointer === undefined) continue;
        throw Object.assign(new Error(`ill-formed Unicode in the ${context}`), {
          statusCode: 400,
          validationContext: context,
          validation: [
            {
              instancePath: pointer,
              keyword: 'format',
              params: { format: 'well-formed-text' },
              schemaPath: '',
              message: 'ill-formed Unicode',
            },
          ],
        });
      }
    });
  },
  { name: 'well-formed-text' },
);
