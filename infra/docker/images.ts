import { readFileSync } from 'node:fs';
import path from 'node:path';
import { STACK } from '../stack/manifest';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const dockerfilePath = path.join(__dirname, 'Dockerfile');

export interface ImageSpec {
  /** Image name without registry or tag; the chart's components.*.image / migrations.image. */
  name: string;
  /** Stage of infra/docker/Dockerfile to build. */
  target: 'service' | 'bff' | 'web' | 'migrate';
  /** npm workspace the image runs or serves (the `service` target's WORKSPACE build arg). */
  workspace?: string;
}

/**
 * Every image: one `service` image per process of the stack manifest (`bff` for the BFF), then
 * images.json's.
 */
export function loadImages(): ImageSpec[] {
  const manifest = JSON.parse(readFileSync(path.join(__dirname, 'images.json'), 'utf8')) as {
    images: ImageSpec[];
  };
  const processes = STACK.map(({ name, workspace }): ImageSpec => ({
    name: `upright-${name}`,
    // The BFF's image is a service image with the built web app it renders pages from.
    target: name === 'bff' ? 'bff' : 'service',
    workspace,
  }));
  return [...processes, ...manifest.images];
}

/**
 * The build arguments of one image: the `service` and `bff` targets read WORKSPACE; the `web` bundle
 * bakes in PRODUCT_NAME (taken from the environment of `make images`, default Upright).
 */
export function buildArgs(
  image: ImageSpec,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  if ((image.target === 'service' || image.target === 'bff') && image.workspace) {
    return { WORKSPACE: image.workspace };
  }
  if (image.target === 'web' && env.PRODUCT_NAME) return { PRODUCT_NAME: env.PRODUCT_NAME };
  return {};
}

/** Every image is built for this platform (the lockfile holds its optional binaries only). */
export const IMAGE_PLATFORM = 'linux/amd64';

/** Marks the images `make images` builds, so it can remove the ones a rebuild left untagged. */
export const IMAGE_LABEL = 'dev.upright.image';

/** The base images, build arguments of infra/docker/Dockerfile (decision 0073). */
export const BASE_ARGS = ['NODE_IMAGE', 'NGINX_IMAGE'] as const;
export type Bases = Partial<Record<(typeof BASE_ARGS)[number], string>>;

/**
 * The container engine's arguments that build one image as `reference`. Builds use the host's
 * network (npm and apt-get reach their registries without an engine bridge: dockerd may run with
 * --bridge=none) and trust `caFile` (a PEM bundle, the `build-ca` secret) when one is given;
 * `context` is a copy of the repository to build from (default the repository).
 */
export function buildCommand(
  image: ImageSpec,
  reference: string,
  env: NodeJS.ProcessEnv = process.env,
  options: { bases?: Bases; caFile?: string; context?: string } = {},
): string[] {
  // A copy of the repository (the build context) brings its own Dockerfile and ignore file.
  const context = options.context ?? repoRoot;
  const dockerfile = path.join(context, path.relative(repoRoot, dockerfilePath));
  const args = ['build', '--platform', IMAGE_PLATFORM, '-f', dockerfile, '--network', 'host'];
  args.push('--target', image.target, '-t', reference, '--label', `${IMAGE_LABEL}=${image.name}`);
  const values = { ...buildArgs(image, env), ...options.bases };
  for (const [name, value] of Object.entries(values)) args.push('--build-arg', `${name}=${value}`);
  if (options.caFile) args.push('--secret', `id=build-ca,src=${options.caFile}`);
  return [...args, context];
}
