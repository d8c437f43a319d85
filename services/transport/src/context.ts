import { BaseRpcContext } from '@nestjs/microservices';

type StreamsContextArgs = [
  stream: string,
  messageId: string,
  pattern: string,
  deadline?: number,
  caller?: string,
];

/** What a handler can learn about the message it is handling (`@Ctx() ctx: StreamsContext`). */
export class StreamsContext extends BaseRpcContext<StreamsContextArgs> {
  getStream(): string {
    return this.args[0];
  }
  getMessageId(): string {
    return this.args[1];
  }
  getPattern(): string {
    return this.args[2];
  }
  /** Absolute deadline (epoch ms) of a request; undefined for events. */
  getDeadline(): number | undefined {
    return this.args[3];
  }
  /** Authenticated identity of the process that sent a request; undefined for events. */
  getCaller(): string | undefined {
    return this.args[4];
  }
}
