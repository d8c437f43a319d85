/**
 * The container build files, checked without a container engine (none runs on these machines):
 * every path an image copies exists, every image builds an existing workspace, and the runtime
 * stages keep the promises of infra/docker/Dockerfile (non-root, health checks, prod deps only).
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { buildArgs, buildCommand, dockerfilePath, loadImages, repoRoot } from './images';
import { STACK } from '../stack/manifest';
import { flagValue, parseDockerfile, stageChain, substitute, type Instruction } from './dockerfile';

const dockerfile = parseDockerfile(readFileSync(dockerfilePath, 'utf8'));
const images = loadImages();
const rootPackage = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const stageNames = new Set(dockerfile.stages.map((stage) => stage.name));
/** The images that run a Node process: a `service` image each, the BFF's with the built app. */
const processImages = images.filter(
  (image) => image.target === 'service' || image.target === 'bff',
);

function copiesOf(target: string): Array<{ stage: string; instruction: Instruction }> {
  return stageChainWithSources(target).flatMap((stage) =>
    stage.instructions
      .filter((instruction) => instruction.keyword === 'COPY' || instruction.keyword === 'ADD')
      .map((instruction) => ({ stage: stage.name, instruction })),
  );
}

/** Stages an image's build runs: its chain and the chains of the stages it copies from. */
function stageChainWithSources(target: string, seen = new Set<string>()) {
  for (const stage of stageChain(dockerfile, target)) {
    if (seen.has(stage.name)) continue;
    seen.add(stage.name);
    for (const instruction of stage.instructions) {
      const from = flagValue(instruction, 'from');
      if (from && stageNames.has(from)) stageChainWithSources(from, seen);
    }
  }
  return dockerfile.stages.filter((stage) => seen.has(stage.name));
}

/** Compiled sources of a workspace: no tests, no generated Prisma client (its deps are declared). */
function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.(int-)?spec\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Packages a file loads at run time: value imports and re-exports, require(), import(). */
function loadedPackages(source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm),
    ...source.matchAll(/\b(?:require|import)\(\s*'([^']+)'\s*\)/g),
  ].map((match) => match[1]);
  return specifiers
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .filter((specifier) => !builtinModules.includes(specifier))
    .map((specifier) =>
      specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0],
    );
}

describe('infra/docker/images.ts', () => {
  it('lists one image per Node process, the web bundle and the migrations', () => {
    expect(processImages.map((image) => image.workspace).sort()).toEqual(
      STACK.map((process) => process.workspace).sort(),
    );
    expect(images.filter((image) => image.target === 'web')).toHaveLength(1);
    expect(images.filter((image) => image.target === 'migrate')).toHaveLength(1);
    expect(new Set(images.map((image) => image.name)).size).toBe(images.length);
  });

  it.each(images.filter((image) => image.workspace).map((image) => [image.name, image]))(
    '%s builds an existing npm workspace',
    (_name, image) => {
      expect(rootPackage.workspaces).toContain(image.workspace);
      expect(existsSync(path.join(repoRoot, image.workspace!, 'package.json'))).toBe(true);
    },
  );

  it('names exactly the images the chart deploys', () => {
    const values = parse(
      readFileSync(path.join(repoRoot, 'charts', 'upright', 'values.yaml'), 'utf8'),
    ) as { components: Record<string, { image: string }>; migrations: { image: string } };
    const chartImages = [
      ...Object.values(values.components).map((component) => component.image),
      values.migrations.image,
    ];
    expect(chartImages.sort()).toEqual(images.map((image) => image.name).sort());
  });
});

describe('infra/docker/Dockerfile', () => {
  it.each(images.map((image) => [image.name, image]))(
    '%s: its target exists and every file it copies from the repository exists',
    (_name, image) => {
      expect(stageNames.has(image.target)).toBe(true);
      const args = { ...dockerfile.globalArgs, ...buildArgs(image) };
      const missing: string[] = [];
      for (const { instruction } of copiesOf(image.target)) {
        const from = flagValue(instruction, 'from');
        const sources = instruction.args.slice(0, -1).map((source) => substitute(source, args));
        expect(sources.join(' ')).not.toMatch(/\$/); // every variable has a value
        for (const source of sources) {
          if (from) {
            expect(stageNames.has(from)).toBe(true);
            continue;
          }
          if (!existsSync(path.join(repoRoot, source))) missing.push(source);
        }
      }
      expect(missing).toEqual([]);
    },
  );

  it.each(processImages.map((image) => [image.name, image]))(
    '%s: compiled output copied from the build stage comes from a TypeScript project',
    (_name, image) => {
      const args = { ...dockerfile.globalArgs, ...buildArgs(image) };
      const distSources = copiesOf('service')
        .filter(({ instruction }) => flagValue(instruction, 'from') === 'build-service')
        .flatMap(({ instruction }) => instruction.args.slice(0, -1))
        .map((source) => substitute(source, args).replace(/^\/app\//, ''));
      expect(distSources).toContain(`${image.workspace}/dist`);
      for (const source of distSources) {
        const project = source.endsWith('/dist') ? path.dirname(source) : source;
        const proof = source.endsWith('/dist') ? path.join(project, 'tsconfig.json') : project;
        expect(existsSync(path.join(repoRoot, proof))).toBe(true);
      }
    },
  );

  it.each(['service', 'web'])(
    'the %s image builds without the local harness: nothing is copied from infra/local',
    (target) => {
      const fromRepository = copiesOf(target)
        .filter(({ instruction }) => !flagValue(instruction, 'from'))
        .flatMap(({ instruction }) => instruction.args.slice(0, -1));
      expect(fromRepository.length).toBeGreaterThan(0);
      expect(fromRepository.filter((source) => source.startsWith('infra/local'))).toEqual([]);
    },
  );

  it('gives the BFF the built app and its server renderer, built from the same web stage', () => {
    expect(images.find((image) => image.workspace === 'bff')?.target).toBe('bff');
    expect(stageChain(dockerfile, 'bff').map((stage) => stage.name)).toContain('service');
    const fromWeb = copiesOf('bff')
      .filter(
        ({ stage, instruction }) =>
          stage === 'bff' && flagValue(instruction, 'from') === 'build-web',
      )
      .map(({ instruction }) => instruction.args[0]);
    expect(fromWeb.sort()).toEqual(['/app/web/dist', '/app/web/dist-server']);
    const build = stageChain(dockerfile, 'build-web')[0].instructions.find(
      (instruction) => instruction.keyword === 'RUN',
    );
    expect(build?.raw).toContain('vite build --ssr src/entry-server.tsx');
  });

  it('copies every workspace manifest before installing, so no workspace is forgotten', () => {
    const manifests = stageChain(dockerfile, 'manifests')[0]
      .instructions.filter((instruction) => instruction.keyword === 'COPY')
      .flatMap((instruction) => instruction.args.slice(0, -1));
    for (const workspace of rootPackage.workspaces) {
      expect(manifests).toContain(`${workspace}/package.json`);
    }
  });

  it.each(['service', 'web', 'migrate'])(
    'the %s runtime runs as a numeric non-root user',
    (target) => {
      const users = stageChain(dockerfile, target)[0].instructions.filter(
        (instruction) => instruction.keyword === 'USER',
      );
      expect(users).toHaveLength(1);
      const [uid, gid] = users[0].args[0].split(':').map(Number);
      expect(uid).toBeGreaterThan(0);
      expect(gid).toBeGreaterThan(0);
    },
  );

  it.each(['service', 'web'])('the %s runtime has a health check on /health/ready', (target) => {
    const healthcheck = stageChain(dockerfile, target)[0].instructions.find(
      (instruction) => instruction.keyword === 'HEALTHCHECK',
    );
    expect(healthcheck?.raw).toContain('/health/ready');
  });

  it('installs production dependencies only for the runtime of a service', () => {
    const install = stageChain(dockerfile, 'prod-deps')[0].instructions.find(
      (instruction) => instruction.keyword === 'RUN',
    );
    expect(install?.raw).toMatch(/npm ci .*--omit=dev.* -w "\$WORKSPACE"/);
    const runtimeSources = copiesOf('service')
      .filter(({ stage }) => stage === 'service')
      .map(({ instruction }) => flagValue(instruction, 'from'));
    expect(runtimeSources).not.toContain('dev-deps');
  });

  it.each(
    ['bff', ...rootPackage.workspaces.filter((workspace) => workspace.startsWith('services/'))].map(
      (workspace) => [workspace],
    ),
  )('%s declares every package its code loads (the image installs nothing else)', (workspace) => {
    const manifest = JSON.parse(
      readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    const declared = new Set(Object.keys(manifest.dependencies ?? {}));
    const undeclared = new Set<string>();
    for (const file of sourceFiles(path.join(repoRoot, workspace, 'src'))) {
      for (const name of loadedPackages(readFileSync(file, 'utf8'))) {
        if (!declared.has(name)) undeclared.add(`${name} (${path.relative(repoRoot, file)})`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });

  it('keeps generated and local files out of the build context', () => {
    const ignore = readFileSync(`${dockerfilePath}.dockerignore`, 'utf8').split('\n');
    for (const entry of [
      '**/node_modules',
      '**/dist',
      '.git',
      '.env',
      'services/*/src/generated',
    ]) {
      expect(ignore).toContain(entry);
    }
  });
});

describe('image bases and contents', () => {
  it.each(['NODE_IMAGE', 'NGINX_IMAGE'])('%s is pinned by digest', (arg) => {
    expect(dockerfile.globalArgs[arg]).toMatch(/^[a-z0-9./-]+:[\w.-]+@sha256:[a-f0-9]{64}$/);
  });

  it('builds on a supported Node LTS (even major, 22 or later) and a current nginx', () => {
    const node = /^node:(\d+)-/.exec(dockerfile.globalArgs.NODE_IMAGE);
    expect(Number(node?.[1])).toBeGreaterThanOrEqual(22);
    expect(Number(node?.[1]) % 2).toBe(0);
    const nginx = /nginx-unprivileged:1\.(\d+)/.exec(dockerfile.globalArgs.NGINX_IMAGE);
    expect(Number(nginx?.[1])).toBeGreaterThanOrEqual(29);
  });

  it('builds every image for linux/amd64', () => {
    for (const image of images) {
      const command = buildCommand(image, `registry.example/${image.name}:1`, {});
      expect(command.slice(0, 3)).toEqual(['build', '--platform', 'linux/amd64']);
      expect(command.at(-1)).toBe(repoRoot);
    }
  });

  it('gives the migrate image the system CA certificates dbmate verifies against', () => {
    const runs = stageChain(dockerfile, 'migrate')[0].instructions.filter(
      (instruction) => instruction.keyword === 'RUN',
    );
    expect(runs.map((run) => run.raw).join(' ')).toMatch(/apt-get install .*ca-certificates/);
  });

  it('leaves the Prisma CLI, its studio and TypeScript out of the service runtime', () => {
    const install = stageChain(dockerfile, 'prod-deps')[0].instructions.find(
      (instruction) => instruction.keyword === 'RUN',
    );
    for (const tool of ['prisma', '@prisma/studio-core', '@prisma/dev', 'typescript']) {
      expect(install?.raw).toContain(`node_modules/${tool} `);
    }
    // …which is safe only while no service depends on them at run time.
    for (const workspace of processImages.map((image) => image.workspace!)) {
      const manifest = JSON.parse(
        readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8'),
      ) as {
        dependencies?: Record<string, string>;
      };
      const dependencies = Object.keys(manifest.dependencies ?? {});
      for (const tool of ['prisma', '@prisma/studio-core', '@prisma/dev', 'typescript'])
        expect(dependencies).not.toContain(tool);
    }
  });
});

describe('infra/docker/web/start-nginx.sh: nginx workers from the CPU quota', () => {
  const script = path.join(repoRoot, 'infra', 'docker', 'web', 'start-nginx.sh');
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'start-nginx-'));
    // A stand-in nginx that prints its arguments.
    mkdirSync(path.join(dir, 'bin'));
    writeFileSync(path.join(dir, 'bin', 'nginx'), '#!/bin/sh\necho "$@"\n');
    chmodSync(path.join(dir, 'bin', 'nginx'), 0o755);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function workersWith(files: Record<string, string>): string {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, 'cgroup', file)), { recursive: true });
      writeFileSync(path.join(dir, 'cgroup', file), content);
    }
    const result = spawnSync('sh', [script], {
      env: {
        PATH: `${path.join(dir, 'bin')}:/usr/bin:/bin`,
        CGROUP_ROOT: path.join(dir, 'cgroup'),
      },
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    return result.stdout.trim();
  }

  it('starts one worker for a 200m limit (cgroup v2), whatever the node has', () => {
    expect(workersWith({ 'cpu.max': '20000 100000\n' })).toBe('-g daemon off; worker_processes 1;');
  });

  it('rounds a 1.5 CPU limit up to two workers', () => {
    expect(workersWith({ 'cpu.max': '150000 100000\n' })).toBe(
      '-g daemon off; worker_processes 2;',
    );
  });

  it('reads the cgroup v1 quota', () => {
    expect(
      workersWith({ 'cpu/cpu.cfs_quota_us': '300000\n', 'cpu/cpu.cfs_period_us': '100000\n' }),
    ).toBe('-g daemon off; worker_processes 3;');
  });

  it('uses the CPUs it can see when there is no quota', () => {
    const cpus = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim();
    expect(workersWith({ 'cpu.max': 'max 100000\n' })).toBe(
      `-g daemon off; worker_processes ${cpus};`,
    );
  });

  it('leaves worker_processes to the script, not nginx.conf', () => {
    const conf = readFileSync(path.join(repoRoot, 'infra', 'docker', 'web', 'nginx.conf'), 'utf8');
    expect(conf).not.toMatch(/^\s*worker_processes/m);
  });
});
