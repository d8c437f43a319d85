import { ConfigError, loadConfig } from '@upright/platform';
import { bffConfigSchema } from '../../src/config/config';

/** What the BFF's start-up would refuse in `env` (port given), one line a variable; [] when none. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(bffConfigSchema, { HTTP_PORT: '8080', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
