import { once } from 'node:events';
import { createConnection, createServer, type Server, type Socket } from 'node:net';

const END_OF_DATA = Buffer.from('\r\n.\r\n');

/**
 * Where a held message stops:
 * - `end-of-data`: everything but the last byte of its end-of-data marker reaches the server,
 *   which has the whole message but has not accepted it. The most advanced point at which the
 *   sender can crash without the mail being in doubt (see docs/services/mail.md), so a kill test
 *   can be exact about "none lost, none twice".
 * - `acceptance`: the server receives the message and accepts it, but its reply never reaches
 *   the sender: the documented window in which a crash makes a mail go out twice.
 */
export type HoldPoint = 'end-of-data' | 'acceptance';

/**
 * A TCP proxy in front of an SMTP server that lets a set number of messages through and then
 * holds every further one at `holdAt`, one per connection.
 */
export class SmtpHoldProxy {
  /** Messages whose end-of-data marker reached the server. */
  forwardedMessages = 0;
  /** Connections holding a message back right now. */
  heldConnections = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    private passMessages: number,
    private readonly holdAt: HoldPoint,
  ) {}

  static async start(
    upstreamPort: number,
    passMessages: number,
    holdAt: HoldPoint = 'end-of-data',
  ): Promise<SmtpHoldProxy> {
    const server = createServer();
    const proxy = new SmtpHoldProxy(server, passMessages, holdAt);
    server.on('connection', (client) => proxy.relay(client, upstreamPort));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** From now on every message goes through (connections already holding stay held). */
  passEverything(): void {
    this.passMessages = Number.POSITIVE_INFINITY;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
    await once(this.server, 'close');
  }

  private relay(client: Socket, upstreamPort: number): void {
    const upstream = createConnection(upstreamPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        // One side gone: the other goes too, and held bytes are never delivered.
        client.destroy();
        upstream.destroy();
      });
    }
    let holding = false;
    let replyHeld = false;
    upstream.on('data', (chunk: Buffer) => {
      if (!replyHeld) client.write(chunk);
    });

    let tail = Buffer.alloc(0); // last bytes forwarded, to find a marker split across chunks
    client.on('data', (chunk: Buffer) => {
      if (holding) return;
      let rest = chunk;
      for (;;) {
        const window = Buffer.concat([tail, rest]);
        const at = window.indexOf(END_OF_DATA);
        if (at === -1) break;
        const endInRest = at + END_OF_DATA.length - tail.length;
        if (this.forwardedMessages >= this.passMessages) {
          if (this.holdAt === 'end-of-data') {
            // All but the marker's last byte: the server keeps waiting for it.
            upstream.write(rest.subarray(0, endInRest - 1));
          } else {
            // The whole message: the server accepts it, its reply stops here.
            upstream.write(rest.subarray(0, endInRest));
            replyHeld = true;
          }
          holding = true;
          this.heldConnections += 1;
          client.once('close', () => (this.heldConnections -= 1));
          return;
        }
        upstream.write(rest.subarray(0, endInRest));
        this.forwardedMessages += 1;
        tail = Buffer.alloc(0);
        rest = rest.subarray(endInRest);
      }
      upstream.write(rest);
      tail = Buffer.concat([tail, rest]).subarray(-(END_OF_DATA.length - 1));
    });
  }
}
