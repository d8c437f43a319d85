import { RpcException } from '@nestjs/microservices';
import { remoteError } from '@upright/platform';

/**
 * Runs a call whose unexpected failure (Postgres or Redis away) the member should see with the
 * spec's text for it (docs/product/spec.md#s8) rather than the unknown-error text; expected
 * failures pass.
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
    throw remoteError('service_unavailable', text);
  }
}
