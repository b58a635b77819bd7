import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldCode, ReplyCode } from '../../../shared/codes.ts';
import { fail, type FieldError } from '../../../shared/schemas/reply.ts';
import { ReplyError, UpstreamUnavailableError } from '../errors.ts';
import { StoreUnavailableError } from '../store/store-unavailable-error.ts';

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
function codeOf(issue: SchemaIssue): FieldCode {
  if (issue.keyword === 'required') return 'Form_Required';
  if (issue.keyword === 'minLength' && issue.params.limit === 1) return 'Form_Required';
  if (issue.keyword === 'maxLength' || issue.keyword === 'minLength' || issue.keyword === 'maxItems') return 'Form_Length';
  return 'Form_Format';
}

function schemaErrors(issues: readonly SchemaIssue[]): FieldError[] {
  return issues.map((issue) => {
    const field = fieldOf(issue);
    return field === undefined ? { code: codeOf(issue) } : { field, code: codeOf(issue) };
  });
}

const CLIENT_ERROR_CODES: Partial<Record<number, ReplyCode>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  429: 'TooManyRequests',
};

/** The reply code of a failure known only by its HTTP status (the caller's mistake, or a timeout). */
export function codeForStatus(status: number): ReplyCode {
  if (status === 408 || status >= 500) return 'servererror';
  return CLIENT_ERROR_CODES[status] ?? 'FormValidateFail';
}

function send(reply: FastifyReply, status: number, code: ReplyCode, errors?: FieldError[]) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(fail(code, errors ? { errors } : {}));
}

/**
 * One place where failures become the reply envelope; stack traces stay in the log. Also
 * Fastify's `frameworkErrors`, for what it refuses before routing (a malformed URL).
 */
export function failureReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // With the store away, saving the session on this reply would fail again, and a second failure
  // would leave Fastify's own error body instead of the envelope.
  if (error instanceof StoreUnavailableError) (request as { session?: unknown }).session = undefined;
  if (error instanceof ReplyError) return send(reply, error.statusCode, error.code, error.errors);
  if (error.validation) return send(reply, 400, 'FormValidateFail', schemaErrors(error.validation as SchemaIssue[]));
  if (error instanceof UpstreamUnavailableError) {
    request.log.error({ err: error }, 'member service unavailable');
    return send(reply, 502, 'servererror');
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Malformed JSON or URL, a body too large, an unsupported media type: the caller's mistake.
    request.log.info({ err: error }, 'bad request');
    return send(reply, status, codeForStatus(status));
  }
  request.log.error({ err: error }, 'unexpected failure');
  return send(reply, 500, 'servererror');
}

export default fp(
  async function errorReplies(app) {
    app.setErrorHandler(failureReply);
  },
  { name: 'portal-error-replies' },
);
