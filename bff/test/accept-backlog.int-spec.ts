import { spawn } from 'node:child_process';
import http from 'node:http';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra, uniqueTransportPrefix } from '@upright/platform/testing';
import { bffService } from '../src/service';
import { hogTheLoop } from './support/hog-the-loop';

/**
 * Decision record 0063: while connections wait in the kernel's accept queue, a BFF answers the
 * requests of connections it served before 503 with `Retry-After`, serves each new connection's
 * first request, and answers again once the queue is short; and it keeps idle connections open
 * long enough that returning visitors need no new ones. The loop here is the test's own: a
 * hog keeps every turn ~60 ms long, so libuv (one accept per turn) takes ~16 connections a second
 * while another process opens 40 at once.
 */
describe('shedding while connections wait to be accepted', () => {
  const CONNECTIONS = 40;
  let bff: StartedApp;
  // One kept-alive connection: the visitor the BFF has served before.
  const served = new http.Agent({ keepAlive: true, maxSockets: 1 });

  beforeAll(async () => {
    bff = await startTestApp(bffService, {
      REDIS_URL: testInfra().redisUrl,
      TRANSPORT_PREFIX: uniqueTransportPrefix('accept-backlog'),
      EDGE_MAX_ACCEPT_BACKLOG: '5',
    });
  });

  afterAll(async () => {
    served.destroy();
    await bff?.app.close();
  });

  function get(): Promise<{
    status: number;
    retryAfter?: string;
    keepAlive?: string | string[];
    socket: unknown;
  }> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${bff.url}/api/no-such-route`, { agent: served }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            retryAfter: response.headers['retry-after'],
            keepAlive: response.headers['keep-alive'],
            socket: request.socket,
          }),
        );
      });
      request.on('error', reject);
    });
  }

  /** Another process opens `count` connections at once, each sending one request; their statuses. */
  function crowd(count: number): Promise<number[]> {
    const { port } = new URL(bff.url);
    const child = spawn(process.execPath, [
      '-e',
      `const net = require('node:net');
       const statuses = [];
       for (let i = 0; i < ${count}; i++) {
         const socket = net.connect(${port}, '127.0.0.1', () =>
           socket.write('GET /api/no-such-route HTTP/1.1\\r\\nHost: test\\r\\nConnection: close\\r\\n\\r\\n'));
         let text = '';
         socket.on('data', (chunk) => (text += chunk));
         socket.on('close', () => {
           statuses.push(Number(text.split(' ')[1]) || 0);
           if (statuses.length === ${count}) console.log(JSON.stringify(statuses));
         });
         socket.on('error', () => {});
       }`,
    ]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve, reject) => {
      child.once('exit', () => {
        try {
          resolve(JSON.parse(output) as number[]);
        } catch {
          reject(new Error(`the crowd printed ${JSON.stringify(output)}`));
        }
      });
    });
  }

  it("keeps an idle connection open past a balancer's idle timeout, so a returning visitor needs no new one", async () => {
    // HTTP_KEEP_ALIVE_S's default: above ingress-nginx's and most cloud balancers' 60 s.
    expect((await get()).keepAlive).toBe('timeout=65');
  });

  it('sheds a served connection while others wait, serves their first requests, then answers it again', async () => {
    const before = await get();
    expect(before.status).toBe(404);

    const stop = hogTheLoop();
    const arrivals = crowd(CONNECTIONS);
    let during = await get();
    try {
      for (let tries = 0; tries < 40 && during.status !== 503; tries += 1) during = await get();
    } finally {
      stop();
    }
    expect(during.status).toBe(503);
    expect(during.retryAfter).toBe('1');
    // The same connection, not a new one: the BFF sheds those it has served.
    expect(during.socket).toBe(before.socket);

    // Every waiting connection's request was answered by the route, none shed.
    expect(await arrivals).toEqual(Array.from({ length: CONNECTIONS }, () => 404));

    let after = await get();
    for (let tries = 0; tries < 50 && after.status === 503; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await get();
    }
    expect(after.status).toBe(404);
  });
});
