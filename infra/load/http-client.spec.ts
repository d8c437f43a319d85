import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { newRecorder, nodeClient } from './http-client';

/** A real local server answering with `listener`. */
function serve(listener: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(listener);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    }),
  );
}

/** A server that cuts the first connection of every request line it sees without answering. */
async function cutFirstTry(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const served = await serve((request, response) => {
    const key = `${request.method} ${request.url}`;
    const first = !seen.includes(key);
    seen.push(key);
    if (first) request.socket.destroy();
    else response.end('{}');
  });
  return { ...served, seen };
}

describe('load client', () => {
  it.each([
    ['GET', '/api/active'],
    ['POST', '/api/search/companies/_reactivesearch'],
  ] as const)(
    'sends a %s once more when its connection ended before the answer, as browsers do',
    async (method, path) => {
      const { server, url, seen } = await cutFirstTry();
      try {
        const recorder = newRecorder();
        const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
        const answer = await client.request(method, path, { step: 'step', body: {} });
        expect(answer.status).toBe(200);
        expect(seen).toEqual([`${method} ${path}`, `${method} ${path}`]);
        expect(recorder.samples).toHaveLength(1);
        expect(recorder.failures).toEqual([]);
      } finally {
        server.close();
      }
    },
  );

  it('resends three times at most: a fourth cut is a failure', async () => {
    const seen: string[] = [];
    const { server, url } = await serve((request) => {
      seen.push(`${request.method} ${request.url}`);
      request.socket.destroy();
    });
    try {
      const recorder = newRecorder();
      const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
      const answer = await client.request('POST', '/api/signup', { step: 'signup', body: {} });
      expect(answer.status).toBe(0);
      expect(seen).toEqual(Array.from({ length: 4 }, () => 'POST /api/signup'));
      expect(recorder.failures).toHaveLength(1);
    } finally {
      server.close();
    }
  });

  it('does not send again once the headers came: the answer was on its way', async () => {
    const seen: string[] = [];
    const { server, url } = await serve((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      setTimeout(() => request.socket.destroy(), 20);
    });
    try {
      const recorder = newRecorder();
      const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
      const answer = await client.request('GET', '/api/active', { step: 'active' });
      expect(answer.status).toBe(0);
      expect(seen).toEqual(['GET /api/active']);
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

  it('keeps the cookies it is given, sends them back, and drops the ones that expire', async () => {
    const received: Array<string | undefined> = [];
    const { server, url } = await serve((request, response) => {
      received.push(request.headers.cookie);
      if (request.url === '/signin') {
        response.setHeader('Set-Cookie', ['sid=abc; Path=/; HttpOnly', 'csrf=xyz; Path=/']);
      } else if (request.url === '/signout') {
        response.setHeader('Set-Cookie', 'sid=; Path=/; Max-Age=0');
      }
      response.end('{}');
    });
    try {
      const client = nodeClient({
        baseUrl: url,
        journey: 'j',
        recorder: newRecorder(),
        thinkScale: 0,
      });
      await client.request('POST', '/signin', { step: 'signin', body: {} });
      expect(client.cookie('sid')).toBe('abc');
      await client.request('POST', '/signout', { step: 'signout', body: {} });
      expect(client.cookie('sid')).toBeUndefined();
      await client.request('GET', '/me', { step: 'me' });
      expect(received).toEqual([undefined, 'sid=abc; csrf=xyz', 'csrf=xyz']);
    } finally {
      server.close();
    }
  });

  it('gives the answer with lower-cased headers, a gzipped body decoded', async () => {
    const { server, url } = await serve((request, response) => {
      const gzip = request.headers['accept-encoding'] === 'gzip';
      response.writeHead(503, {
        'Retry-After': '15',
        'Content-Type': 'application/json',
        ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      });
      const body = JSON.stringify({ error: { code: 'service_unavailable' } });
      response.end(gzip ? gzipSync(body) : body);
    });
    try {
      const recorder = newRecorder();
      const client = nodeClient({ baseUrl: url, journey: 'j', recorder, thinkScale: 0 });
      const answer = await client.request('GET', '/api/active', { step: 'active' });
      expect(answer.status).toBe(503);
      expect(answer.headers?.['retry-after']).toBe('15');
      expect(answer.headers?.['content-encoding']).toBe('gzip');
      expect(JSON.parse(answer.body)).toEqual({ error: { code: 'service_unavailable' } });
      expect(recorder.samples[0]).toMatchObject({ status: 503, ok: false, retryAfter: true });
      expect(recorder.failures).toEqual([
        {
          journey: 'j',
          step: 'active',
          method: 'GET',
          path: '/api/active',
          status: 503,
          body: answer.body,
        },
      ]);
    } finally {
      server.close();
    }
  });

  it('names the pod an ingress says answered, and marks a public answer as kept for everyone', async () => {
    const { server, url } = await serve((request, response) => {
      const pod = request.url === '/refused' ? 'upright-bff-http' : '127.0.0.1:1, 127.0.0.1:2';
      const cache = request.url === '/kept' ? 'public, max-age=60' : 'private, no-store';
      response.writeHead(200, { 'X-Upright-Pod': pod, 'Cache-Control': cache });
      response.end('{}');
    });
    try {
      const recorder = newRecorder();
      const client = nodeClient({
        baseUrl: url,
        journey: 'j',
        recorder,
        thinkScale: 0,
        podHeader: 'X-Upright-Pod',
      });
      for (const path of ['/kept', '/private', '/refused']) {
        await client.request('GET', path, { step: path });
      }
      expect(recorder.samples.map(({ target, public: kept }) => ({ target, kept }))).toEqual([
        // The last pod nginx tried is the one that answered.
        { target: 'http://127.0.0.1:2', kept: true },
        { target: 'http://127.0.0.1:2', kept: undefined },
        // No pod named (the ingress's own answer): the ingress itself.
        { target: url, kept: undefined },
      ]);
    } finally {
      server.close();
    }
  });

  it('gives up on an answer that does not come in time, once, marking the sample timed out', async () => {
    const seen: string[] = [];
    // Never answers: only the client's own timeout ends the request.
    const { server, url } = await serve((request) => void seen.push(String(request.url)));
    try {
      const recorder = newRecorder();
      const client = nodeClient({
        baseUrl: url,
        journey: 'j',
        recorder,
        thinkScale: 0,
        timeoutMs: 50,
      });
      const answer = await client.request('GET', '/api/slow', { step: 'slow' });
      expect(answer.status).toBe(0);
      expect(recorder.samples[0].timedOut).toBe(true);
      expect(seen).toEqual(['/api/slow']);
      expect(recorder.failures[0].body).toBe('no answer within 50 ms');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
