/**
 * What Kubernetes would make of the rendered chart, for processes started on this machine
 * (`make up-production`, decision 0052) and for the chart-config test: a container's environment
 * (envFrom, env with `$(VAR)` expansion, Secret keys), the files of its volumes, and which
 * Deployment a Service sends to. Pure: manifests in, plain values out.
 */
import { ofKind, type Manifest } from '../chart-tests/chart';

export type { Manifest };

export function byName(manifests: Manifest[], kind: string, name: string): Manifest | undefined {
  return ofKind(manifests, kind).find((manifest) => manifest.metadata.name === name);
}

/** A Secret's or ConfigMap's key: the chart's (stringData, data) or one given from outside. */
export type ExternalSecrets = Readonly<Record<string, Readonly<Record<string, string>>>>;

function secretValue(
  manifests: Manifest[],
  external: ExternalSecrets,
  name: string,
  key: string,
): string | undefined {
  const secret = byName(manifests, 'Secret', name);
  if (secret) {
    if (secret.stringData?.[key] !== undefined) return String(secret.stringData[key]);
    if (secret.data?.[key] !== undefined) {
      return Buffer.from(String(secret.data[key]), 'base64').toString('utf8');
    }
    return undefined;
  }
  return external[name]?.[key];
}

/**
 * The environment Kubernetes gives `container`: envFrom first, then env in order, each value's
 * `$(VAR)` replaced by a variable defined before it (an unknown reference stays as written, as
 * Kubernetes leaves it). A Secret key that does not exist leaves the variable out: the pod would
 * not start (CreateContainerConfigError), and the caller says so.
 */
export function containerEnv(
  container: Manifest,
  manifests: Manifest[],
  external: ExternalSecrets = {},
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      Object.assign(env, byName(manifests, 'ConfigMap', source.configMapRef.name)?.data);
    }
    if (source.secretRef) {
      const secret = byName(manifests, 'Secret', source.secretRef.name);
      Object.assign(env, secret?.stringData ?? external[source.secretRef.name]);
    }
  }
  for (const variable of container.env ?? []) {
    const reference = variable.valueFrom?.secretKeyRef;
    if (reference) {
      const value = secretValue(manifests, external, reference.name, reference.key);
      if (value !== undefined) env[variable.name] = value;
      continue;
    }
    env[variable.name] = String(variable.value ?? '').replace(
      /\$\((\w+)\)/g,
      (whole, name: string) => env[name] ?? whole,
    );
  }
  return env;
}

/** The keys a container's env names that neither the chart nor `external` provides. */
export function missingSecretKeys(
  container: Manifest,
  manifests: Manifest[],
  external: ExternalSecrets = {},
): string[] {
  return (container.env ?? [])
    .map((variable: Manifest) => variable.valueFrom?.secretKeyRef)
    .filter(
      (reference: Manifest | undefined): reference is Manifest =>
        reference !== undefined &&
        secretValue(manifests, external, reference.name, reference.key) === undefined,
    )
    .map((reference: Manifest) => `${reference.name}/${reference.key}`);
}

/** A file a volume puts in the pod: its path inside the container, and its contents. */
export interface MountedFile {
  path: string;
  contents: string;
}

/**
 * The files of `container`'s Secret and ConfigMap volumes at their mount paths (items as listed,
 * else every key); emptyDir mounts are the directories in `emptyDirs`.
 */
export function mountedFiles(
  podSpec: Manifest,
  container: Manifest,
  manifests: Manifest[],
  external: ExternalSecrets = {},
): { files: MountedFile[]; emptyDirs: string[] } {
  const files: MountedFile[] = [];
  const emptyDirs: string[] = [];
  for (const mount of container.volumeMounts ?? []) {
    const volume = (podSpec.volumes ?? []).find(
      (candidate: Manifest) => candidate.name === mount.name,
    );
    if (!volume) throw new Error(`volume ${mount.name} is mounted but not declared`);
    if (volume.emptyDir) {
      emptyDirs.push(mount.mountPath);
      continue;
    }
    const source = volume.secret ?? volume.configMap;
    if (!source) throw new Error(`volume ${mount.name}: only secret, configMap, emptyDir`);
    const name: string = volume.secret ? source.secretName : source.name;
    const kind = volume.secret ? 'Secret' : 'ConfigMap';
    const items: Array<{ key: string; path: string }> =
      source.items ??
      Object.keys(
        byName(manifests, kind, name)?.stringData ??
          byName(manifests, kind, name)?.data ??
          external[name] ??
          {},
      ).map((key) => ({ key, path: key }));
    for (const item of items) {
      const contents =
        kind === 'Secret'
          ? secretValue(manifests, external, name, item.key)
          : byName(manifests, 'ConfigMap', name)?.data?.[item.key];
      if (contents === undefined) throw new Error(`${kind} ${name} has no key ${item.key}`);
      files.push({ path: `${mount.mountPath}/${item.path}`, contents });
    }
  }
  return { files, emptyDirs };
}

/**
 * Rewrites every container path under one of `mounts` (longest first) to its directory on this
 * machine: the pod's filesystem is a directory here, and values naming files in it must follow.
 */
export function rewritePaths(value: string, mounts: Readonly<Record<string, string>>): string {
  const ordered = Object.keys(mounts).sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return value;
  const escaped = ordered.map((mount) => mount.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\w.-])(${escaped.join('|')})(?=/|$|[^\\w.-])`, 'g');
  return value.replace(pattern, (mount: string) => mounts[mount]);
}

/** The Deployment whose pods a Service selects. */
export function deploymentOfService(manifests: Manifest[], serviceName: string): Manifest {
  const service = byName(manifests, 'Service', serviceName);
  if (!service) throw new Error(`no Service ${serviceName}`);
  const selector: Record<string, string> = service.spec.selector ?? {};
  const deployment = ofKind(manifests, 'Deployment').find((candidate) =>
    Object.entries(selector).every(
      ([label, value]) => candidate.spec.template.metadata.labels?.[label] === value,
    ),
  );
  if (!deployment) throw new Error(`Service ${serviceName} selects no Deployment`);
  return deployment;
}

/** The container port (its name) a Service port (by name or number) reaches. */
export function targetPortName(
  manifests: Manifest[],
  serviceName: string,
  port: { name?: string; number?: number },
): string {
  const service = byName(manifests, 'Service', serviceName)!;
  const servicePort = (service.spec.ports as Manifest[]).find((candidate) =>
    port.name !== undefined ? candidate.name === port.name : candidate.port === port.number,
  );
  if (!servicePort) throw new Error(`Service ${serviceName} has no port ${JSON.stringify(port)}`);
  const target = servicePort.targetPort ?? servicePort.port;
  if (typeof target === 'string') return target;
  const deployment = deploymentOfService(manifests, serviceName);
  const named = (deployment.spec.template.spec.containers as Manifest[])
    .flatMap((container) => container.ports ?? [])
    .find((candidate: Manifest) => candidate.containerPort === target);
  if (!named?.name) throw new Error(`Service ${serviceName}: port ${target} has no name`);
  return named.name;
}
