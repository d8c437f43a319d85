import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pinoHttp from 'pino-http';
import { httpLogOptions, redactSecretPath } from './logger.module';
import { prettyLogStream } from './pretty-log';

describe('redactSecretPath', () => {
  const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

  it('replaces the mailed codes and keys in the paths that carry them', () => {
    expect(redactSecretPath(`/api/validatehash/${code}`)).toBe('/api/validatehash/[redacted]');
    expect(redactSecretPath(`/account/reset/${code}?x=1`)).toBe('/account/reset/[redacted]?x=1');
    expect(redactSecretPath(`/account/verify/${code}`)).toBe('/account/verify/[redacted]');
    expect(redactSecretPath(`/account/unsubscribe/u-1/${code}`)).toBe(
      '/account/unsubscribe/u-1/[redacted]',
    );
  });

  it('leaves other paths alone', () => {
    expect(redactSecretPath('/api/companies/acme')).toBe('/api/companies/acme');
    expect(redactSecretPath('/account/settings')).toBe('/account/settings');
  });
});

/** The request log line as a service writes it: a real HTTP request through pino-http. */
describe('the HTTP request log', () => {
  let server: Server;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pinoHttp({ ...httpLogOptions('bff', { LOG_LEVEL: 'info' }), stream });
    server = createServer((req, res) => {
      // What the route nestjs-pino's middleware is mounted on (`*path`) sets before it runs.
      Object.assign(req, { params: { path: req.url?.split('/').slice(1) } });
      logger(req, res);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('never contains a reset code', async () => {
    const code = 'SecretResetCode0123456789abcdefghijklmnopqr';
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      request({ port, host: '127.0.0.1', path: `/api/validatehash/${code}` }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
        .on('error', reject)
        .end();
    });
    const logged = lines.join('');
    expect(logged).toContain('/api/validatehash/[redacted]');
    expect(logged).not.toContain(code);
  });

  it('never contains the load-test token or an Idempotency-Key', async () => {
    const loadTestToken = 'load-test-token-that-exempts-from-budgets-0123';
    const idempotencyKey = '6f1c2a7e-0d4b-4c55-9d1e-8a3f5b7c9e21';
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      request(
        {
          port,
          host: '127.0.0.1',
          path: '/api/message',
          method: 'POST',
          headers: { 'X-Load-Test': loadTestToken, 'Idempotency-Key': idempotencyKey },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      )
        .on('error', reject)
        .end();
    });
    const logged = lines.join('');
    expect(logged).toContain('"x-load-test":"[redacted]"');
    expect(logged).toContain('"idempotency-key":"[redacted]"');
    expect(logged).not.toContain(loadTestToken);
    expect(logged).not.toContain(idempotencyKey);
  });
});

/** `make up`'s format (LOG_FORMAT=pretty): the same records, one short line each. */
describe('the readable request log', () => {
  let server: Server;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = prettyLogStream({ write: (line) => lines.push(line as string) > 0 });
    const logger = pinoHttp(httpLogOptions('bff', { LOG_LEVEL: 'info' }), stream);
    server = createServer((req, res) => {
      logger(req, res);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('is one line per request, method path status time, with no header and no secret', async () => {
    const loadTestToken = 'load-test-token-that-exempts-from-budgets-0123';
    const code = 'SecretResetCode0123456789abcdefghijklmnopqr';
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      request(
        {
          port,
          host: '127.0.0.1',
          path: `/api/validatehash/${code}`,
          method: 'POST',
          headers: { 'X-Load-Test': loadTestToken, 'Idempotency-Key': 'key-0123' },
        },
        (res) => {
          res.resume();
          res.on('end', resolve);
        },
      )
        .on('error', reject)
        .end();
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d\.\d{3} INFO {2}POST \/api\/validatehash\/\[redacted\] 200 \d+ms\n$/,
    );
  });
});
