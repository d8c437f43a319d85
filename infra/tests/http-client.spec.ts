import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newRecorder, nodeClient } from '../load/http-client';

/** A server that cuts the first connection of every request line it sees without answering. */
function cutFirstTry(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const key = `${request.method} ${request.url}`;
    const first = !seen.includes(key);
    seen.push(key);
    if (first) request.socket.destroy();
    else response.end('{}');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}`, seen });
    }),
  );
}

describe('load client', () => {
  it('sends an idempotent request once more when its connection ended without an answer', async () => {
    const { server, url, seen } = await cutFirstTry();
    try {
      const recorder = newRecorder();
      const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
      const answer = await client.request('GET', '/api/active', { step: 'active' });
      expect(answer.status).toBe(200);
      expect(seen).toEqual(['GET /api/active', 'GET /api/active']);
      expect(recorder.samples).toHaveLength(1);
      expect(recorder.failures).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('does not send a POST again: the first one may have been applied', async () => {
    const { server, url, seen } = await cutFirstTry();
    try {
      const recorder = newRecorder();
      const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
      const answer = await client.request('POST', '/api/signup', { step: 'signup', body: {} });
      expect(answer.status).toBe(0);
      expect(seen).toEqual(['POST /api/signup']);
      expect(recorder.failures).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('leaves a refused connection to the caller (the balancer sends it elsewhere)', async () => {
    const { server, url } = await cutFirstTry();
    server.close();
    const recorder = newRecorder();
    const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
    const answer = await client.request('GET', '/api/active', { step: 'active' });
    expect(answer.status).toBe(0);
    expect(recorder.samples[0].timedOut).toBeUndefined();
  });
});
