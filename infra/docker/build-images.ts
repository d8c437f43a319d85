/**
 * `make images`: builds every image of infra/docker/images.ts with a container engine.
 * IMAGE_REGISTRY (default ghcr.io/upright), IMAGE_TAG (default the root package version, which
 * is the chart's appVersion), CONTAINER_ENGINE (docker or podman; default docker), PUSH=1 pushes,
 * PRODUCT_NAME (the name the web bundle shows; default Upright).
 * Bases (decision 0073): IMAGE_BASES=public uses the Dockerfile's pinned public images, `local`
 * the stand-ins infra/docker/local-bases.sh makes from Debian's packages and the npm registry;
 * unset, the public ones when the engine has or can pull them, else the local ones. NODE_IMAGE and
 * NGINX_IMAGE name other bases. BUILD_CA_FILE (default the host's NODE_EXTRA_CA_CERTS) is the CA
 * bundle npm trusts inside the build. Prints each build's time and each image's size; each build's
 * output is in .local/images/<image>.log.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDockerfile } from './dockerfile';
import {
  BASE_ARGS,
  buildCommand,
  IMAGE_LABEL,
  dockerfilePath,
  loadImages,
  repoRoot,
  type Bases,
} from './images';

const engine = process.env.CONTAINER_ENGINE ?? 'docker';
const registry = process.env.IMAGE_REGISTRY ?? 'ghcr.io/upright';
const chartYaml = readFileSync(path.join(repoRoot, 'charts', 'upright', 'Chart.yaml'), 'utf8');
const appVersion = /^appVersion:\s*'?([^'\s]+)'?/m.exec(chartYaml)?.[1] ?? 'latest';
const tag = process.env.IMAGE_TAG ?? appVersion;
const logDir = path.join(repoRoot, '.local', 'images');
// The engine's own BuildKit (docker 20.10 has it built in; no buildx plugin needed).
const engineEnv = { ...process.env, DOCKER_BUILDKIT: '1' };

function engineAnswers(): boolean {
  return spawnSync(engine, ['info'], { stdio: 'ignore' }).status === 0;
}

function engineSucceeds(args: string[]): boolean {
  return spawnSync(engine, args, { stdio: 'ignore', env: engineEnv }).status === 0;
}

function localBases(): Bases {
  const output = execFileSync(path.join(__dirname, 'local-bases.sh'), {
    env: { ...engineEnv, CONTAINER_ENGINE: engine },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  return Object.fromEntries(
    output
      .trim()
      .split('\n')
      .map((line) => line.split('=', 2)),
  ) as Bases;
}

function chooseBases(): Bases {
  const named = Object.fromEntries(
    BASE_ARGS.filter((arg) => process.env[arg]).map((arg) => [arg, process.env[arg]!]),
  ) as Bases;
  const mode = process.env.IMAGE_BASES ?? 'auto';
  if (!['auto', 'public', 'local'].includes(mode)) {
    throw new Error(`IMAGE_BASES must be public, local or unset, not "${mode}"`);
  }
  if (mode === 'public') return named;
  if (mode === 'auto') {
    const defaults = parseDockerfile(readFileSync(dockerfilePath, 'utf8')).globalArgs;
    const unreachable = BASE_ARGS.filter((arg) => !named[arg]).filter(
      (arg) =>
        !engineSucceeds(['image', 'inspect', defaults[arg]]) &&
        !engineSucceeds(['pull', defaults[arg]]),
    );
    if (unreachable.length === 0) return named;
    console.log(
      `[images] ${unreachable.map((arg) => defaults[arg]).join(', ')}: not here and no registry ` +
        'answers; building on local bases (infra/docker/local-bases.sh)',
    );
  }
  return { ...localBases(), ...named };
}

/**
 * The repository's files (tracked and new, as git lists them) copied once: every image of a run
 * is built from the same sources even while the tree is being edited, and a source edited
 * between two builds cannot rebuild the shared compile stage for the second. Without git, the
 * tree itself.
 */
function snapshotContext(): string {
  const listed = spawnSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (listed.status !== 0) return repoRoot;
  const dir = mkdtempSync(path.join(tmpdir(), 'upright-images-context-'));
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    const source = path.join(repoRoot, file);
    // A file deleted in the tree is still in git's index until the deletion is committed.
    if (existsSync(source)) cpSync(source, path.join(dir, file));
  }
  return dir;
}

function imageSize(reference: string): string {
  const bytes = Number(
    execFileSync(engine, ['image', 'inspect', '--format', '{{.Size}}', reference], {
      encoding: 'utf8',
    }).trim(),
  );
  return `${Math.round(bytes / 1e6)} MB`;
}

function main(): void {
  if (!engineAnswers()) {
    console.error(
      `images: the container engine "${engine}" is not available or its daemon does not answer ` +
        `(\`${engine} info\` failed). Build on a machine with Docker (BuildKit) or Podman, ` +
        'or set CONTAINER_ENGINE (infra/local/ensure-docker.sh starts Debian’s docker.io).',
    );
    process.exit(2);
  }
  const bases = chooseBases();
  const caFile = process.env.BUILD_CA_FILE ?? process.env.NODE_EXTRA_CA_CERTS;
  const context = snapshotContext();
  process.on('exit', () => {
    if (context !== repoRoot) rmSync(context, { recursive: true, force: true });
  });
  const options = { bases, caFile: caFile && existsSync(caFile) ? caFile : undefined, context };
  mkdirSync(logDir, { recursive: true });
  const started = Date.now();
  const figures: string[] = [];
  for (const image of loadImages()) {
    const reference = `${registry}/${image.name}:${tag}`;
    console.log(
      `[images] ${reference} (${image.target}${image.workspace ? ` ${image.workspace}` : ''})`,
    );
    const start = Date.now();
    // The engine's step-by-step output goes to a log of its own; a failed build shows its end.
    const log = path.join(logDir, `${image.name}.log`);
    const result = spawnSync(engine, buildCommand(image, reference, process.env, options), {
      stdio: ['ignore', openSync(log, 'w'), openSync(log, 'a')],
      env: { ...engineEnv, BUILDKIT_PROGRESS: 'plain' },
    });
    if (result.status !== 0) {
      const tail = readFileSync(log, 'utf8').trim().split('\n').slice(-40).join('\n');
      console.error(`${tail}\n[images] ${reference}: the build failed (whole log: ${log})`);
      process.exit(1);
    }
    figures.push(
      `[images] ${reference}: built in ${((Date.now() - start) / 1000).toFixed(0)} s, ${imageSize(reference)}`,
    );
    if (process.env.PUSH === '1') execFileSync(engine, ['push', reference], { stdio: 'inherit' });
  }
  // The previous builds of these images, untagged by this run: only ours (the label), only
  // untagged ones (layers still in use stay).
  spawnSync(engine, ['image', 'prune', '--force', '--filter', `label=${IMAGE_LABEL}`], {
    stdio: 'ignore',
  });
  console.log(figures.join('\n'));
  console.log(`[images] all built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main();
