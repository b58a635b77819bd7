import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail, type FieldError } from '../../../shared/schemas/reply.ts';
import { ReplyError, UpstreamUnavailableError } from '../errors.ts';

interface SchemaIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

function fieldOf(issue: SchemaIssue): string | undefined {
  const missing = issue.params.missingProperty;
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof missing === 'string') return path === '' ? missing : `${path}.${missing}`;
  return path === '' ? undefined : path;
}

/** A schema failure as the spec's server form codes (Form_Required, Form_Length, Form_Format). */
function codeOf(issue: SchemaIssue): string {
  if (issue.keyword === 'required') return 'Form_Required';
  if (issue.keyword === 'minLength' && issue.params.limit === 1) return 'Form_Required';
  if (issue.keyword === 'maxLength' || issue.keyword === 'minLength' || issue.keyword === 'maxItems') return 'Form_Length';
  return 'Form_Format';
}

export function schemaErrors(issues: readonly SchemaIssue[]): FieldError[] {
  return issues.map((issue) => {
    const field = fieldOf(issue);
    return field === undefined ? { code: codeOf(issue) } : { field, code: codeOf(issue) };
  });
}

const CLIENT_ERROR_CODES: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 429: 'TooManyRequests' };

function send(reply: FastifyReply, status: number, code: string, errors?: FieldError[]) {
  return reply.code(status).type('application/json; charset=utf-8').send(fail(code, errors ? { errors } : {}));
}

/** One place where failures become the reply envelope; stack traces stay in the log. */
export default fp(
  async function errorReplies(app) {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ReplyError) return send(reply, error.statusCode, error.code, error.errors);
      if (error.validation) return send(reply, 400, 'FormValidateFail', schemaErrors(error.validation as SchemaIssue[]));
      if (error instanceof UpstreamUnavailableError) {
        request.log.error({ err: error }, 'member service unavailable');
        return send(reply, 502, 'servererror');
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Malformed JSON, a body too large, an unsupported media type: the caller's mistake.
        request.log.info({ err: error }, 'bad request');
        return send(reply, status, CLIENT_ERROR_CODES[status] ?? 'FormValidateFail');
      }
      request.log.error({ err: error }, 'unexpected failure');
      return send(reply, 500, 'servererror');
    });
  },
  { name: 'portal-error-replies' },
);
