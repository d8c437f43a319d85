import { RpcException } from '@nestjs/microservices';

/**
 * What a message handler's code answers the caller: the payload of the RpcException `run`
 * throws. Anything else thrown is rethrown; throwing nothing fails the test.
 */
export function remoteErrorThrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    if (error instanceof RpcException) return error.getError();
    throw error;
  }
  throw new Error('expected an RpcException, but nothing was thrown');
}
