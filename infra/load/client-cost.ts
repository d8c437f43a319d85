/**
 * What the load generator's client costs per request: N virtual users without think time against
 * a bare node:http server in its own process, for a few seconds. Prints requests per second and
 * this process's CPU per request (user + system). The CPU figure holds on a shared machine where
 * requests per second do not: at 100% of one core, 1,000,000 / µs per request is what one
 * generator thread can drive.
 *
 *   npx tsx infra/load/client-cost.ts [--seconds=5] [--clients=100]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { newRecorder, nodeClient } from './http-client';

function option(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const given = process.argv.find((arg) => arg.startsWith(prefix));
  return given ? Number(given.slice(prefix.length)) : fallback;
}

/** About the size of a ranking page's answer, with the headers the BFF sends. */
const SERVER = `
const body = JSON.stringify({ companies: Array.from({ length: 12 }, (_, i) => ({ id: i, name: 'Company ' + i, score: i / 12 })) });
const server = require('node:http').createServer((request, response) => {
  request.resume();
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60', etag: '"abc"' });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function main(): Promise<void> {
  const seconds = option('seconds', 5);
  const clients = option('clients', 100);
  const server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const [port] = (await once(server.stdout, 'data')) as [Buffer];
    const recorder = newRecorder();
    const client = nodeClient({
      baseUrl: `http://127.0.0.1:${String(port).trim()}`,
      journey: 'cost',
      recorder,
      thinkScale: 0,
    });
    // Warm-up: connections opened and code optimised before anything is counted.
    const warmEnd = Date.now() + 1000;
    const user = async (until: number) => {
      while (Date.now() < until) await client.request('GET', '/api/industries', { step: 'cost' });
    };
    await Promise.all(Array.from({ length: clients }, () => user(warmEnd)));
    recorder.samples.length = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, () => user(Date.now() + seconds * 1000)));
    const used = process.cpuUsage(cpu);
    const elapsed = (performance.now() - started) / 1000;
    const count = recorder.samples.length;
    const failed = recorder.samples.filter((sample) => !sample.ok).length;
    const perRequest = (used.user + used.system) / count;
    console.log(
      `${count} requests (${failed} failed) in ${elapsed.toFixed(1)} s: ${Math.round(count / elapsed)} req/s; ` +
        `${perRequest.toFixed(1)} µs CPU per request (${Math.round(1e6 / perRequest)} req/s at one core)`,
    );
  } finally {
    server.kill();
  }
}

void main();
