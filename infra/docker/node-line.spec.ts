/**
 * One Node line (decision 0079): the exact version of .node-version is the Node every `make`
 * recipe runs on (this test too, under `make test`), and its major is the only one `engines`
 * allows, the images' base, the local stand-in's and the bundles' target.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dockerfilePath, repoRoot } from './images';
import { parseDockerfile } from './dockerfile';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const pinned = read('.node-version').trim();
const major = Number(pinned.split('.')[0]);
const localBases = path.join(repoRoot, 'infra', 'docker', 'local-bases.sh');

describe('one Node line', () => {
  it('.node-version names one release of an even (long-term support) major', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(major % 2).toBe(0);
  });

  it('engines allow that major and no other, in every package that states them', () => {
    const manifests = [
      'package.json',
      ...(JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces.map(
        (workspace) => `${workspace}/package.json`,
      ),
    ].map((file) => JSON.parse(read(file)) as { engines?: { node?: string } });
    const lockRoot = (
      JSON.parse(read('package-lock.json')) as {
        packages: Record<string, { engines?: { node?: string } }>;
      }
    ).packages[''];
    expect(manifests[0].engines?.node).toBe(`>=${major} <${major + 1}`);
    for (const { engines } of [...manifests, lockRoot]) {
      if (engines?.node) expect(engines.node).toBe(`>=${major} <${major + 1}`);
    }
  });

  it('make runs its recipes on exactly that version, and this test runs on it', () => {
    const version = execFileSync(
      'make',
      ['--no-print-directory', '--eval', 'node-line: ; @node --version', 'node-line'],
      { cwd: repoRoot, encoding: 'utf8' },
    ).trim();
    expect(version).toBe(`v${pinned}`);
    // Fails when jest was started outside make on another Node: put make's runtime on PATH.
    expect(process.version).toBe(`v${pinned}`);
  });

  it('the images build on that major, and the bundles target it', () => {
    const dockerfileText = readFileSync(dockerfilePath, 'utf8');
    expect(parseDockerfile(dockerfileText).globalArgs.NODE_IMAGE).toMatch(
      new RegExp(`^node:${major}-[a-z]+-slim@sha256:[a-f0-9]{64}$`),
    );
    // esbuild's targets: the migrate image's bundle, the server renderer the BFF loads.
    const targets = (text: string, pattern: RegExp) =>
      [...text.matchAll(pattern)].map((match) => Number(match[1]));
    expect(targets(dockerfileText, /--target=node(\d+)/g)).toEqual([major]);
    expect(targets(read('web/vite.config.ts'), /target: 'node(\d+)'/g)).toEqual([major]);
  });

  it('the local stand-in for the Node base carries that exact version', () => {
    // An engine that has every image already: the script only names them.
    const output = execFileSync(localBases, {
      env: { ...process.env, CONTAINER_ENGINE: 'true' },
      encoding: 'utf8',
    });
    expect(output).toMatch(new RegExp(`^NODE_IMAGE=upright-local/node:${pinned}-[a-z]+$`, 'm'));
  });

  it('the local stand-in refuses a .node-version of another major than the Dockerfile', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'upright-node-line-'));
    try {
      mkdirSync(path.join(copy, 'infra', 'docker'), { recursive: true });
      copyFileSync(localBases, path.join(copy, 'infra', 'docker', 'local-bases.sh'));
      copyFileSync(dockerfilePath, path.join(copy, 'infra', 'docker', 'Dockerfile'));
      writeFileSync(path.join(copy, '.node-version'), `${major - 2}.0.0\n`);
      const run = spawnSync(path.join(copy, 'infra', 'docker', 'local-bases.sh'), {
        env: { ...process.env, CONTAINER_ENGINE: 'true' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`is not of the Dockerfile's Node major (${major})`);
      expect(run.stdout).toBe('');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
