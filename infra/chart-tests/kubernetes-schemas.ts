/**
 * Validates Kubernetes manifests against the API's OpenAPI schemas as shipped (compiled to ajv
 * validators) by the npm package kubernetes-models. That package is ESM-only, which jest's
 * CommonJS runtime cannot load, so the chart tests run this file in a child process:
 *
 *   tsx infra/chart-tests/kubernetes-schemas.ts < manifests.json   →   results JSON on stdout
 *
 * Input: an array of manifests. Output: one entry per manifest, `errors` empty when valid and
 * `schema: false` for kinds the package has no schema for (custom resources).
 */
export interface SchemaResult {
  kind: string;
  name: string;
  schema: boolean;
  errors: string[];
}

interface Manifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
}

interface ModelModule {
  [kind: string]: { new (data: unknown): { validate(): void } } | undefined;
}

/** apps/v1 → apps/v1, v1 → v1 (the core group), as the package lays its modules out. */
function modulePath(apiVersion: string, kind: string): string {
  return `kubernetes-models/${apiVersion}/${kind}`;
}

async function validateOne(manifest: Manifest): Promise<SchemaResult> {
  const kind = manifest.kind ?? '(no kind)';
  const name = manifest.metadata?.name ?? '(no name)';
  if (!manifest.apiVersion || !manifest.kind) {
    return { kind, name, schema: false, errors: ['apiVersion and kind are required'] };
  }
  let model: ModelModule;
  try {
    model = (await import(modulePath(manifest.apiVersion, manifest.kind))) as ModelModule;
  } catch {
    return { kind, name, schema: false, errors: [] };
  }
  const Model = model[manifest.kind];
  if (!Model) return { kind, name, schema: false, errors: [] };
  try {
    new Model(manifest).validate();
    return { kind, name, schema: true, errors: [] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind, name, schema: true, errors: message.split('\n').filter(Boolean) };
  }
}

async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const manifests = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Manifest[];
  const results = await Promise.all(manifests.map(validateOne));
  process.stdout.write(JSON.stringify(results));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
