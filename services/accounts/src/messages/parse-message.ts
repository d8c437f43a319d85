import { RpcException } from '@nestjs/microservices';
import type { ErrorCode, RemoteErrorPayload } from '@upright/contracts';
import type { z } from 'zod';

/** An expected failure, answered to the caller as its RemoteErrorPayload (decisions §3). */
export function fail(code: ErrorCode, message: string, field?: string): RpcException {
  const error: RemoteErrorPayload = field ? { code, message, field } : { code, message };
  return new RpcException(error);
}

/**
 * Message payloads come from other processes and are checked like any input: a bad one is
 * answered with `validation_failed` naming the field, never with a crash.
 */
export function parseMessage<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  throw field
    ? fail('validation_failed', `${field} ${issue.message}`, field)
    : fail('validation_failed', issue.message);
}

/**
 * Runs a call whose unexpected failure (Postgres or Redis away) the member should see with the
 * spec's text for it (spec §8) rather than the unknown-error text; expected failures pass.
 */
export async function withFailureText<T>(
  text: string,
  logger: { error(message: string): void },
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof RpcException) throw error;
    logger.error(`${text} (${String(error)})`);
    throw fail('service_unavailable', text);
  }
}
