/**
 * The drain on SIGTERM (decision 0051), in a real child process: readiness goes
 * false first, the response in flight finishes and tells its client the connection closes, no
 * new connection is accepted, and the process exits 0.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';

jest.setTimeout(20_000);

const FIXTURE = resolve(__dirname, 'fixtures/drain-server.ts');

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent: Agent): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, agent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolveAnswer({
          status: response.statusCode ?? 0,
          connection: response.headers.connection,
          body,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

it('on SIGTERM: not ready first, finishes the response in flight with Connection: close, accepts nothing new, exits 0', async () => {
  const child = fork(FIXTURE, [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SLOW_MS: '1500' },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const steps: { step: string; inFlight?: number }[] = [];
  child.on('message', (message: { type: string; step: string; inFlight?: number }) => {
    if (message.type === 'step') steps.push({ step: message.step, inFlight: message.inFlight });
  });
  try {
    const [{ port }] = (await once(child, 'message')) as [{ port: number }];
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // A kept-alive connection, then a slow request on it.
    expect(await get(port, '/ready', agent)).toMatchObject({
      status: 200,
      connection: 'keep-alive',
    });
    const started = once(child, 'message');
    const slow = get(port, '/slow', agent);
    // Should an assertion below fail first, the killed child must not leave this rejection
    // unhandled, to fail whichever test file the worker runs next.
    slow.catch(() => undefined);
    expect(await started).toEqual([{ type: 'slow started' }]);

    child.kill('SIGTERM');
    const [first] = (await once(child, 'message')) as [{ step: string; inFlight: number }];
    // Readiness went false while the slow response was still being made.
    expect(first).toMatchObject({ step: 'not ready', inFlight: 1 });
    // A new connection is never answered: refused once the listener is gone, or reset if it
    // reached the kernel's backlog in the moment between the listener's close and its release.
    const refused = await get(port, '/ready', new Agent()).then(
      (answer) => answer,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(refused);

    // The response in flight finished, and told its client the connection ends with it.
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'done' });
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    expect(steps).toEqual([
      { step: 'not ready', inFlight: 1 },
      { step: 'work finished', inFlight: 0 },
      { step: 'released', inFlight: undefined },
    ]);
    agent.destroy();
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});
