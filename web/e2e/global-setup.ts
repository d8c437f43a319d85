import { privateStackBasePort, startStack, type RunningStack } from './support/stack';

// Shared with the teardown (same process: the e2e project runs in band).
declare global {
  var __UPRIGHT_E2E_STACK__: RunningStack | undefined;
}

/**
 * Starts the whole stack once for every e2e file (run in band). With E2E_BASE_URL set, the
 * tests use that running stack instead (handy while developing).
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.E2E_BASE_URL) return;
  const stack = await startStack(privateStackBasePort());
  globalThis.__UPRIGHT_E2E_STACK__ = stack;
  process.env.E2E_BASE_URL = stack.baseUrl;
  process.env.E2E_TRANSPORT_PREFIX = stack.transportPrefix;
  process.env.E2E_NOT_STARTED = stack.notStarted.join('\n');
  if (stack.notStarted.length > 0) {
    console.warn(`[e2e] processes not running:\n  ${stack.notStarted.join('\n  ')}`);
  }
}
