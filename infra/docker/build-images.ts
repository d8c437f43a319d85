/**
 * `make images`: builds every image of infra/docker/images.ts with a container engine.
 * IMAGE_REGISTRY (default ghcr.io/upright), IMAGE_TAG (default the root package version, which
 * is the chart's appVersion), CONTAINER_ENGINE (docker or podman; default docker), PUSH=1 pushes,
 * PRODUCT_NAME (the name the web bundle shows; default Upright).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildCommand, loadImages, repoRoot } from './images';

const engine = process.env.CONTAINER_ENGINE ?? 'docker';
const registry = process.env.IMAGE_REGISTRY ?? 'ghcr.io/upright';
const chartYaml = readFileSync(path.join(repoRoot, 'charts', 'upright', 'Chart.yaml'), 'utf8');
const appVersion = /^appVersion:\s*'?([^'\s]+)'?/m.exec(chartYaml)?.[1] ?? 'latest';
const tag = process.env.IMAGE_TAG ?? appVersion;

function engineAnswers(): boolean {
  return spawnSync(engine, ['info'], { stdio: 'ignore' }).status === 0;
}

function main(): void {
  if (!engineAnswers()) {
    console.error(
      `images: the container engine "${engine}" is not available or its daemon does not answer ` +
        `(\`${engine} info\` failed). Build on a machine with Docker (BuildKit) or Podman, ` +
        'or set CONTAINER_ENGINE.',
    );
    process.exit(2);
  }
  for (const image of loadImages()) {
    const reference = `${registry}/${image.name}:${tag}`;
    console.log(
      `[images] ${reference} (${image.target}${image.workspace ? ` ${image.workspace}` : ''})`,
    );
    execFileSync(engine, buildCommand(image, reference), { stdio: 'inherit' });
    if (process.env.PUSH === '1') execFileSync(engine, ['push', reference], { stdio: 'inherit' });
  }
}

main();
