import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, RemoteErrorPayload } from '@upright/contracts';
import type { z } from 'zod';

/**
 * An expected failure of a message handler, answered to the caller as its RemoteErrorPayload
 * (docs/product/rules.md#s3); throw what it returns.
 */
export function remoteError(code: ErrorCode, message: string, field?: string): RpcException {
  const error: RemoteErrorPayload = field ? { code, message, field } : { code, message };
  return new RpcException(error);
}

/**
 * Message payloads come from other processes and are checked like any input: a bad one is
 * answered with `validation_failed` naming the first bad field, never with a crash.
 */
export function parseMessage<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  throw field
    ? remoteError('validation_failed', `${field} ${issue.message}`, field)
    : remoteError('validation_failed', issue.message);
}
