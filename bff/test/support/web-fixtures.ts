import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A GET whose body is returned as sent (fetch would decode a compressed one). */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * A built web app in a temporary folder (an `index.html` the BFF can serve pages from, and the
 * given files under `assets/`), so the BFF serves static files as in local mode.
 */
export function builtWebApp(assets: Record<string, string | Buffer>): {
  dir: string;
  remove(): void;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'upright-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Upright</title></head><body><div id="root"></div></body></html>',
  );
  for (const [name, content] of Object.entries(assets)) {
    writeFileSync(path.join(dir, 'assets', name), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A visitor's CSRF token as raw headers (cookie and echo), for tests that use plain fetch. */
export async function visitorCsrfHeaders(baseUrl: string): Promise<Record<string, string>> {
  const answer = await fetch(`${baseUrl}/api/csrf`);
  const { csrfToken } = (await answer.json()) as { csrfToken: string };
  return { cookie: `upright_csrf=${csrfToken}`, 'x-csrf-token': csrfToken };
}
