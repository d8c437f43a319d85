/**
 * Every Node image of `make images` runs the Node major of .node-version, the one `make` runs the
 * tests on (decision 0079). Run by `make test-images` after the build (IMAGE_REGISTRY/IMAGE_TAG
 * name the images).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadImages, repoRoot } from './images';

const engine = process.env.CONTAINER_ENGINE ?? 'docker';
const registry = process.env.IMAGE_REGISTRY ?? 'ghcr.io/upright';
const tag = process.env.IMAGE_TAG ?? 'latest';
const major = readFileSync(path.join(repoRoot, '.node-version'), 'utf8').trim().split('.')[0];
// The web image is nginx serving files: no Node inside.
const nodeImages = loadImages().filter((image) => image.target !== 'web');

it.each(nodeImages)(`$name runs Node ${major}`, ({ name }) => {
  const image = `${registry}/${name}:${tag}`;
  const version = execFileSync(
    engine,
    ['run', '--rm', '--network', 'none', '--entrypoint', 'node', image, '--version'],
    { encoding: 'utf8' },
  );
  expect(version.trim().split('.')[0]).toBe(`v${major}`);
});
