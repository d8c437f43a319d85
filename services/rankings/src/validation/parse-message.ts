import { RpcException } from '@nestjs/microservices';
import type { RemoteErrorPayload } from '@upright/contracts';
import type { z } from 'zod';

/**
 * Message payloads come from other processes: they are checked like any input, and a bad one
 * is answered with `validation_failed` naming the field, never with a crash.
 *
 * Superseded by `parseMessage` of @upright/platform, which the rest of rankings uses; this copy
 * stays only while search-documents/ (being edited by the search engineer) still imports it.
 * Delete this file once search-documents imports the platform one.
 */
export function parseMessage<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.map(String).join('.');
  const error: RemoteErrorPayload = field
    ? { code: 'validation_failed', message: `${field} ${issue.message}`, field }
    : { code: 'validation_failed', message: issue.message };
  throw new RpcException(error);
}
