import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeAnswer, type Answer } from '../answer-cache/answer';

/**
 * docs/product/rules.md#s11: hashed file names never change content, so they are cached for a year.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, { type: string; compressible: boolean }> = {
  '.js': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.css': { type: 'text/css; charset=utf-8', compressible: true },
  '.json': { type: 'application/json; charset=utf-8', compressible: true },
  '.map': { type: 'application/json; charset=utf-8', compressible: true },
  '.svg': { type: 'image/svg+xml', compressible: true },
  '.txt': { type: 'text/plain; charset=utf-8', compressible: true },
  '.woff2': { type: 'font/woff2', compressible: false },
  '.woff': { type: 'font/woff', compressible: false },
  '.png': { type: 'image/png', compressible: false },
  '.jpg': { type: 'image/jpeg', compressible: false },
  '.webp': { type: 'image/webp', compressible: false },
  '.ico': { type: 'image/x-icon', compressible: true },
};

/**
 * The built web app's `assets/` folder, read once at start and compressed once (brotli and
 * gzip), by URL path: the fast path sends them with strong ETags and a year's immutable
 * caching. Files of a type not listed are left to Express's static handler.
 */
export function loadStaticAssets(distDir: string): Map<string, Answer> {
  const assets = new Map<string, Answer>();
  const root = path.join(distDir, 'assets');
  let files: string[];
  try {
    files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return assets;
  }
  for (const file of files) {
    const known = TYPES[path.extname(file).toLowerCase()];
    if (!known) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(root, file));
    } catch {
      continue; // a folder
    }
    assets.set(
      `/assets/${file.split(path.sep).join('/')}`,
      makeAnswer(
        bytes,
        { domain: 'data', personal: false },
        { contentType: known.type, cacheControl: IMMUTABLE, compressible: known.compressible },
      ),
    );
  }
  return assets;
}
