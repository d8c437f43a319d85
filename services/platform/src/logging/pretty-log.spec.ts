import pino from 'pino';
import { commonConfigSchema } from '../config/common-schema';
import { loadConfig } from '../config/load-config';
import { pinoHttpParams } from './logger.module';
import { prettyLine, prettyLogStream } from './pretty-log';

const TIME = /^\d\d:\d\d:\d\d\.\d{3} /;

/** What pino-http writes when a request finishes (headers redacted already). */
const finished = {
  level: 30,
  time: Date.now(),
  pid: 7,
  hostname: 'h',
  service: 'bff',
  req: {
    id: 1,
    method: 'GET',
    url: '/api/companies/acme',
    headers: { cookie: '[redacted]', 'user-agent': 'curl' },
  },
  res: { statusCode: 200, headers: { 'content-type': 'application/json' } },
  responseTime: 12,
  trace_id: 'abc',
  msg: 'request completed',
};

describe('prettyLine', () => {
  it('makes a finished request one short line: method, path, status, time', () => {
    const line = prettyLine(JSON.stringify(finished));
    expect(line).toMatch(TIME);
    expect(line.replace(TIME, '')).toBe('INFO  GET /api/companies/acme 200 12ms');
  });

  it('says how a request ended when it did not complete', () => {
    const errored = { ...finished, level: 50, res: { statusCode: 500 }, msg: 'request errored' };
    expect(prettyLine(JSON.stringify(errored)).replace(TIME, '')).toBe(
      'ERROR GET /api/companies/acme 500 12ms (request errored)',
    );
  });

  it("shows another line's context, message and own fields, and an error's stack under it", () => {
    const warned = {
      level: 40,
      time: Date.now(),
      service: 'mail',
      context: 'QueueWorkers',
      queue: 'mail-accounts',
      attempt: 2,
      err: { message: 'smtp away', stack: 'Error: smtp away\n    at send (mail.ts:1)' },
      msg: 'job failed, will retry',
    };
    expect(prettyLine(JSON.stringify(warned)).replace(TIME, '')).toBe(
      [
        'WARN  [QueueWorkers] job failed, will retry queue=mail-accounts attempt=2',
        '    Error: smtp away',
        '        at send (mail.ts:1)',
      ].join('\n'),
    );
  });

  it('leaves a line that is not JSON as it is', () => {
    expect(prettyLine('plain text')).toBe('plain text');
  });
});

describe('the log format a process chooses (LOG_FORMAT)', () => {
  const configOf = (env: NodeJS.ProcessEnv) =>
    loadConfig(commonConfigSchema, { HTTP_PORT: '8080', ...env });

  it('is JSON unless told otherwise: no stream of its own, pino writes JSON to stdout', () => {
    const config = configOf({});
    expect(config.LOG_FORMAT).toBe('json');
    expect(Array.isArray(pinoHttpParams('bff', config))).toBe(false);
  });

  it('is one line a person reads at LOG_FORMAT=pretty', () => {
    const params = pinoHttpParams('bff', configOf({ LOG_FORMAT: 'pretty' }));
    expect(Array.isArray(params)).toBe(true);
    const [options, stream] = params as [{ level: string }, { write: unknown }];
    expect(options.level).toBe('info');
    expect(typeof stream.write).toBe('function');
  });

  it('refuses another format, and pretty in production', () => {
    expect(() => configOf({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
    expect(() =>
      configOf({ LOG_FORMAT: 'pretty', NODE_ENV: 'production', REDIS_URL: 'rediss://r:6379' }),
    ).toThrow(/LOG_FORMAT: must be json when NODE_ENV is production/);
  });

  it('writes each pino record as its pretty line', () => {
    const written: string[] = [];
    const logger = pino(
      { base: { service: 'bff' } },
      prettyLogStream({ write: (line) => written.push(line as string) > 0 }),
    );
    logger.child({ context: 'Drain' }).info('closing');
    expect(written).toHaveLength(1);
    expect(written[0]!.replace(TIME, '')).toBe('INFO  [Drain] closing\n');
  });
});
