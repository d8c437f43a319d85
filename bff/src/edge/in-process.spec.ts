import express from 'express';
import { getInProcess } from './in-process';

describe('getInProcess', () => {
  it('collects what an Express route sends: status, headers and body', async () => {
    const app = express();
    app.get('/api/facts', (request, response) => {
      response.status(201).set('retry-after', '3').json({ url: request.url });
    });
    const answer = await getInProcess('/api/facts?x=1', app);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await answer.json()).toEqual({ url: '/api/facts?x=1' });
  });

  it('takes headers given to writeHead as a flat list, as the responder writes kept answers', async () => {
    const answer = await getInProcess('/api/kept', (_request, response) => {
      response.writeHead(200, ['content-type', 'application/json', 'etag', '"v1"']);
      response.write('{"a":');
      response.end(Buffer.from('1}'));
    });
    expect(answer.status).toBe(200);
    expect(Object.fromEntries(answer.headers)).toEqual({
      'content-type': 'application/json',
      etag: '"v1"',
    });
    expect(await answer.text()).toBe('{"a":1}');
  });

  it('is a GET without credentials: nothing of a client reaches the handler', async () => {
    let seen: unknown = null;
    await getInProcess('/api/user', (request, response) => {
      seen = { method: request.method, cookie: request.headers.cookie };
      response.end();
    });
    expect(seen).toEqual({ method: 'GET', cookie: undefined });
  });
});
