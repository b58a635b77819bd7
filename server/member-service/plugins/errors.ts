import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../../../shared/schemas/reply.ts';
import type { FieldError } from '../../../shared/schemas/reply.ts';

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

const LENGTH_KEYWORDS = new Set(['maxLength', 'minLength', 'maxItems', 'minItems']);

/** A schema violation as a field error: '/memberExtension/vatNumber' becomes 'memberExtension.vatNumber'. */
function fieldError(issue: ValidationIssue): FieldError {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') {
    const missing = String((issue.params as { missingProperty?: string }).missingProperty ?? '');
    return { field: path ? `${path}.${missing}` : missing, code: 'Form_Required' };
  }
  const code = LENGTH_KEYWORDS.has(issue.keyword) ? 'Form_Length' : 'Form_Format';
  return path ? { field: path, code } : { code };
}

/**
 * Every failure leaves in the reply envelope: schema violations and unreadable bodies as
 * FormValidateFail, unknown paths as NotFound, anything unexpected as servererror without
 * details (they go to the log only).
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error.validation) {
        // A failed union reports once per branch: keep one error per field.
        const errors = [...new Map(error.validation.map(fieldError).map((e) => [e.field ?? '', e])).values()];
        return reply.code(400).send(fail('FormValidateFail', { errors }));
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return reply.code(status).send(fail(status === 404 ? 'NotFound' : 'FormValidateFail'));
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(fail('servererror'));
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send(fail('NotFound')));
  },
  { name: 'errors' },
);
