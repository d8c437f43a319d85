import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type ListenOptions, type Server } from 'node:net';

export interface AcceptSocketsOptions {
  host: string;
  backlog: number;
  /** Listening sockets in all, the HTTP server's own included; 1 adds none. */
  sockets: number;
}

/**
 * More listening sockets on the HTTP server's port (decision 0080), each handing what it accepts
 * to that server, as the `connection` event documents. libuv accepts one connection per
 * listening socket per turn of the event loop (libuv/libuv#3696), and a turn of a busy process
 * serves every connection that has a request waiting first: behind an ingress that opens a few
 * hundred connections at once (its first crowd, every reload) the last ones waited seconds in
 * the kernel's queue with their requests already sent. With N sockets on one port
 * (`SO_REUSEPORT`: the server must have listened with `reusePort`), the kernel spreads new
 * connections over them and a turn accepts up to N. Resolves once all listen; the returned
 * function closes the added ones (the server's own is closed by its owner).
 */
export async function addAcceptSockets(
  server: HttpServer,
  options: AcceptSocketsOptions,
): Promise<() => void> {
  const { port } = server.address() as AddressInfo;
  const added: Server[] = [];
  const closeAdded = () => {
    for (const socket of added) socket.close();
  };
  try {
    for (let index = 1; index < options.sockets; index++) {
      // As the HTTP server treats the connections it accepts itself (Node's default noDelay).
      const acceptor = createServer({ noDelay: true }, (connection) => {
        server.emit('connection', connection);
      });
      added.push(acceptor);
      await new Promise<void>((resolve, reject) => {
        acceptor.once('error', reject);
        // `reusePort` (Node ≥ 22.12) is not in the Node 20 typings the repository still uses.
        const address = { port, host: options.host, backlog: options.backlog, reusePort: true };
        acceptor.listen(address as ListenOptions, () => {
          acceptor.off('error', reject);
          resolve();
        });
      });
    }
  } catch (error) {
    closeAdded();
    throw error;
  }
  return closeAdded;
}
