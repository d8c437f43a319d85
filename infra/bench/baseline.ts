import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What the stack answered, as sent: the baseline sends exactly this. */
export interface Recorded {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers that belong to the connection or the moment, not to the answer. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One request with node:http, the body kept as sent (not decoded). */
export function record(
  url: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: options.body === undefined ? 'GET' : 'POST',
        headers: {
          ...options.headers,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (!PER_CONNECTION.has(name) && value !== undefined) headers[name] = String(value);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

const repoRoot = path.resolve(__dirname, '..', '..');

/** A bare node:http server in its own process sending `answer`; resolves once it listens. */
export async function startBareServer(
  answer: Recorded,
  port: number,
): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'upright-bare-'));
  const file = path.join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify({ ...answer, body: answer.body.toString('base64') }));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'),
      path.join(__dirname, 'bare-server.ts'),
      file,
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
