import { z } from 'zod';
import { productionProblems } from './common-schema';

/** Thrown when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment with a typed schema. Every wrong or missing variable is named;
 * values are never echoed, because some of them are secrets.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) {
    const problems = productionProblems(parsed.data as Record<string, unknown>);
    if (problems.length > 0) throw new ConfigError(problems);
    return parsed.data;
  }
  const problems = parsed.error.issues.map((issue) => {
    const variable = issue.path.join('.') || '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
