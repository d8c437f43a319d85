/**
 * Each Deployment and the migration Job of the rendered chart as a process on this machine
 * (`make up-production`, decision 0052): the environment its container would get (the image's
 * ENV, then the chart's envFrom and env), its volumes as files under a directory of its own,
 * its init containers' commands, and its ports. What cannot be as in a pod is rewritten, and
 * only that: a container path under a mount names the pod's directory here, and the ports the
 * chart declares (every pod has its own address, so all use 8080) become ports of their own on
 * 127.0.0.1. Pure: manifests and the parsed Dockerfile in, plans out.
 */
import path from 'node:path';
import { buildArgs, loadImages, type ImageSpec } from '../docker/images';
import { componentOf, ofKind, type Manifest } from '../chart-tests/chart';
import { stageChain, substitute, type Dockerfile } from '../docker/dockerfile';
import {
  containerEnv,
  missingSecretKeys,
  mountedFiles,
  rewritePaths,
  type ExternalSecrets,
  type MountedFile,
} from './kubernetes';

export interface ProcessPlan {
  /** The chart's component (`migrate` for the Job). */
  component: string;
  /** The image it runs (`upright-bff`, …), as the images list names it. */
  image: ImageSpec;
  env: Record<string, string>;
  /** Container paths and the directories standing for them here. */
  mounts: Record<string, string>;
  files: MountedFile[];
  emptyDirs: string[];
  /** Each init container's command, paths rewritten, with its environment. */
  initCommands: Array<{ name: string; command: string[]; env: Record<string, string> }>;
  /** Container port name → port on 127.0.0.1. */
  ports: Record<string, number>;
  /** The readiness probe's path and local port (Deployments). */
  readiness?: { path: string; port: number };
}

export interface PlanSettings {
  /** The directory holding one directory per pod (its filesystem's mounted parts). */
  podsDir: string;
  /** The first local port; the Deployments' ports follow in name order. */
  basePort: number;
  /** Secrets the chart reads but does not create (a CA, the Ingress certificate). */
  external: ExternalSecrets;
  dockerfile: Dockerfile;
}

/** The image a container runs, by the name in its reference (<registry>/<name>:<tag>|@digest). */
function imageOf(container: Manifest): ImageSpec {
  const name = String(container.image).split('/').at(-1)!.split(/[:@]/)[0];
  const image = loadImages().find((candidate) => candidate.name === name);
  if (!image) throw new Error(`no image ${name} in infra/docker (images.ts)`);
  return image;
}

/** The ENV of the image's stage and every stage it is built from, with its build arguments. */
export function imageEnv(dockerfile: Dockerfile, image: ImageSpec): Record<string, string> {
  const args = buildArgs(image, {});
  const env: Record<string, string> = {};
  for (const stage of stageChain(dockerfile, image.target).reverse()) {
    for (const instruction of stage.instructions) {
      if (instruction.keyword !== 'ENV') continue;
      for (const pair of instruction.args) {
        const [name, ...value] = pair.split('=');
        env[name] = substitute(value.join('='), { ...args, ...env });
      }
    }
  }
  return env;
}

/** Every declared container port of every Deployment, in name order, from `basePort` up. */
export function localPorts(
  manifests: Manifest[],
  basePort: number,
): Record<string, Record<string, number>> {
  const ports: Record<string, Record<string, number>> = {};
  let next = basePort;
  const deployments = ofKind(manifests, 'Deployment').sort((a, b) =>
    componentOf(a).localeCompare(componentOf(b)),
  );
  for (const deployment of deployments) {
    const component = componentOf(deployment);
    ports[component] = {};
    for (const container of deployment.spec.template.spec.containers as Manifest[]) {
      for (const port of container.ports ?? []) ports[component][port.name] = next++;
    }
  }
  return ports;
}

function planPod(
  component: string,
  podSpec: Manifest,
  manifests: Manifest[],
  settings: PlanSettings,
  ports: Record<string, number>,
): ProcessPlan {
  const container: Manifest = podSpec.containers[0];
  const missing = missingSecretKeys(container, manifests, settings.external);
  if (missing.length > 0) {
    throw new Error(`${component}: the pod would not start, no Secret key ${missing.join(', ')}`);
  }
  const podDir = path.join(settings.podsDir, component);
  const mounts: Record<string, string> = {};
  const allMounts = [container, ...(podSpec.initContainers ?? [])].flatMap(
    (candidate: Manifest) => candidate.volumeMounts ?? [],
  );
  for (const mount of allMounts) mounts[mount.mountPath] = path.join(podDir, mount.mountPath);
  const local = (value: string) => rewritePaths(value, mounts);
  const image = imageOf(container);
  const declared = Object.fromEntries(
    (container.ports ?? []).map((port: Manifest) => [String(port.containerPort), port.name]),
  );
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({
    ...imageEnv(settings.dockerfile, image),
    ...containerEnv(container, manifests, settings.external),
  })) {
    // A *_PORT naming a declared container port: that port's number here.
    const portName = name.endsWith('_PORT') ? declared[value] : undefined;
    env[name] = portName !== undefined ? String(ports[portName]) : local(value);
  }
  // A pod listens on its own address; here every process shares the machine's loopback.
  if (env.HTTP_HOST === '0.0.0.0') env.HTTP_HOST = '127.0.0.1';
  const volumes = [container, ...(podSpec.initContainers ?? [])].map((candidate: Manifest) =>
    mountedFiles(podSpec, candidate, manifests, settings.external),
  );
  const initCommands = (podSpec.initContainers ?? []).map((init: Manifest) => ({
    name: init.name as string,
    command: [...(init.command ?? []), ...(init.args ?? [])].map((word: string) => local(word)),
    env: Object.fromEntries(
      Object.entries(containerEnv(init, manifests, settings.external)).map(([k, v]) => [
        k,
        local(v),
      ]),
    ),
  }));
  const probe = container.readinessProbe?.httpGet;
  return {
    component,
    image,
    env,
    mounts,
    files: [
      ...new Map(
        volumes.flatMap((volume) => volume.files).map((file) => [local(file.path), file.contents]),
      ),
    ].map(([file, contents]) => ({ path: file, contents })),
    emptyDirs: [...new Set(volumes.flatMap((volume) => volume.emptyDirs).map(local))],
    initCommands,
    ports,
    readiness: probe
      ? {
          path: probe.path,
          port: ports[typeof probe.port === 'number' ? declared[String(probe.port)] : probe.port],
        }
      : undefined,
  };
}

/** The migration Job (hook) and each Deployment, in the order they start. */
export function planProcesses(
  manifests: Manifest[],
  settings: PlanSettings,
): { migrate: ProcessPlan | undefined; deployments: ProcessPlan[] } {
  const ports = localPorts(manifests, settings.basePort);
  const job = ofKind(manifests, 'Job').find((candidate) => componentOf(candidate) === 'migrate');
  const migrate = job && planPod('migrate', job.spec.template.spec, manifests, settings, {});
  const deployments = ofKind(manifests, 'Deployment').map((deployment) =>
    planPod(
      componentOf(deployment),
      deployment.spec.template.spec,
      manifests,
      settings,
      ports[componentOf(deployment)],
    ),
  );
  return { migrate, deployments };
}
