import { ConfigError } from '../config/load-config';

/** A failure a command-line tool expects (bad usage, unreadable file): told in one line. */
export class CliError extends Error {
  override name = 'CliError';
}

/** Where runCli reports and how it ends the process (a test passes its own). */
export interface CliProcess {
  error(message: unknown): void;
  exit(code: number): void;
}

const realProcess: CliProcess = {
  error: (message) => console.error(message),
  exit: (code) => process.exit(code),
};

/**
 * Runs a command-line tool and exits with the code `main` resolves to. Whatever it throws exits
 * 2 ("could not run"): a CliError or a ConfigError (which names the variables, never their
 * values) as one line after the tool's name, anything else with its stack for the developer.
 * It exits rather than waiting for the event loop, as a client left open would keep it alive.
 */
export async function runCli(
  name: string,
  main: () => Promise<number>,
  io: CliProcess = realProcess,
): Promise<void> {
  let code: number;
  try {
    code = await main();
  } catch (error) {
    const expected = error instanceof CliError || error instanceof ConfigError;
    io.error(expected ? `${name}: ${error.message}` : error);
    code = 2;
  }
  io.exit(code);
}
