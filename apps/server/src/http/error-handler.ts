import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUnavailable } from '../db/database.js';
import { ApiError } from '../errors.js';
import { HTTP_STATUS, RETRY_AFTER_SECONDS, SERVER_ERROR_CODES } from '@outer-rim/protocol';
import type { ServerErrorCode } from '@outer-rim/protocol';

function isServerCode(code: unknown): code is ServerErrorCode {
  return typeof code === 'string' && (SERVER_ERROR_CODES as readonly string[]).includes(code);
}

/** Every failed request answers `{ error: { code, message } }` with a code from error-codes.ts. */
export function errorHandler(
  this: FastifyInstance,
  error: FastifyError | ApiError | Error,
  request: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[1],
  reply: Parameters<Parameters<FastifyInstance['setErrorHandler']>[0]>[2],
) {
  if (error instanceof ApiError) {
    if (error.code === 'UNAVAILABLE') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    return reply.code(HTTP_STATUS[error.code]).send({ error: error.toJSON() });
  }
  if (isUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(HTTP_STATUS.UNAVAILABLE)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({
        error: { code: 'UNAVAILABLE', message: 'The database does not answer; try again soon.' },
      });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send({
      error: {
        code: 'BAD_REQUEST',
        message: error.message,
        details: error.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      },
    });
  }
  const status = 'statusCode' in error ? error.statusCode : undefined;
  const fastifyCode = 'code' in error ? error.code : undefined;
  let code: ServerErrorCode = 'INTERNAL';
  if (status === 429) code = 'RATE_LIMITED';
  else if (status === 404) code = 'NOT_FOUND';
  else if (status === 413 || fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE')
    code = 'PAYLOAD_TOO_LARGE';
  else if (status !== undefined && status >= 400 && status < 500) code = 'BAD_REQUEST';
  else if (isServerCode(fastifyCode)) code = fastifyCode;
  if (code === 'INTERNAL') request.log.error({ err: error }, 'request failed');
  const message = code === 'INTERNAL' ? 'The server failed.' : error.message;
  return reply.code(HTTP_STATUS[code]).send({ error: { code, message } });
}
