/**
 * The HTTP port's added listening sockets (decision 0080), on real loopback sockets: connections
 * the added sockets accept are served by the one HTTP server, and a drain stops every socket
 * accepting, not only the server's own, and waits for the answers in flight on all of them.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { addAcceptSockets } from '../src/bootstrap/accept-sockets';
import { HttpDrain } from '../src/bootstrap/drain';

const HOST = '127.0.0.1';
const SOCKETS = 8;

interface Served {
  server: Server;
  port: number;
  /** Requests the HTTP server's handler answered. */
  answered: () => number;
  /** Requests the handler has begun. */
  received: () => number;
  closeAdded: () => void;
}

/**
 * A server on `sockets` listening sockets; its handler answers a connection an added socket
 * accepted after `addedDelayMs`, one of its own at once.
 */
async function serve(sockets: number, addedDelayMs = 0): Promise<Served> {
  let answered = 0;
  let received = 0;
  const server = createServer((request, response) => {
    received++;
    // `_server`: the listening socket that accepted the connection (net sets it; `server` is
    // the HTTP server for every connection it serves).
    const own = (request.socket as { _server?: unknown })._server === server;
    setTimeout(
      () => {
        answered++;
        response.end('ok');
      },
      own ? 0 : addedDelayMs,
    );
  });
  await new Promise<void>((resolve) =>
    server.listen({ port: 0, host: HOST, reusePort: sockets > 1 } as object, resolve),
  );
  const closeAdded = await addAcceptSockets(server, { host: HOST, backlog: 511, sockets });
  const port = (server.address() as AddressInfo).port;
  return { server, port, answered: () => answered, received: () => received, closeAdded };
}

/** Closes the HTTP server's own listening socket only (its close ends once connections do). */
const closeOwnSocket = (server: Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

/** One request on a connection of its own; resolves with the status, rejects when refused. */
function getOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: HOST, port, path: '/', agent: false, headers: { connection: 'close' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const running: Served[] = [];
afterEach(async () => {
  for (const served of running.splice(0)) {
    served.closeAdded();
    served.server.closeAllConnections();
    await new Promise<void>((resolve) => served.server.close(() => resolve()));
  }
});

it('serves what the added sockets accept with the one HTTP server', async () => {
  const served = await serve(SOCKETS);
  running.push(served);
  const { port } = served;
  await closeOwnSocket(served.server);
  // Only the added sockets listen now: every connection is theirs, every answer the server's.
  const statuses = await Promise.all(Array.from({ length: 100 }, () => getOnce(port)));
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(served.answered()).toBe(100);
});

it("one socket adds none: with the server's own closed, the port refuses", async () => {
  const served = await serve(1);
  running.push(served);
  expect(await getOnce(served.port)).toBe(200);
  await closeOwnSocket(served.server);
  expect(await refused(served.port)).toBe(true);
});

it('a drain stops every socket accepting, the added ones too', async () => {
  const served = await serve(SOCKETS);
  running.push(served);
  const drain = new HttpDrain(served.server);
  drain.alsoStopAccepting(served.closeAdded);
  await drain.drain(1000);
  // Several tries: each new connection lands on one of the port's sockets by its own hash.
  const attempts = await Promise.all(Array.from({ length: 32 }, () => refused(served.port)));
  expect(attempts.every(Boolean)).toBe(true);
});

it('a drain waits for the answers in flight on connections the added sockets accepted', async () => {
  const served = await serve(SOCKETS, 300);
  running.push(served);
  const drain = new HttpDrain(served.server);
  drain.alsoStopAccepting(served.closeAdded);
  // Most connections land on an added socket (7 in 8), slow to answer: the server's close
  // counts only its own, answered at once.
  const statuses = Promise.all(Array.from({ length: 16 }, () => getOnce(served.port))).catch(
    (error: Error) => error.message,
  );
  while (served.received() < 16) await new Promise((resolve) => setTimeout(resolve, 10));
  await drain.drain(5000);
  // Every request begun before the drain was answered before it ended.
  expect(served.answered()).toBe(16);
  expect(await statuses).toEqual(Array.from({ length: 16 }, () => 200));
});
