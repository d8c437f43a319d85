/**
 * The whole stack started from dist/ for a load run that has no `make up` to drive: the six
 * processes on their own ports, transport and queue prefixes (so nothing meets a running stack),
 * a database of their own (`upright_load`: the members it signs up never reach `make up`'s) and a
 * local SMTP inbox for the mail service.
 */
import { randomUUID } from 'node:crypto';
import { preparePrivateDatabase } from '../local/private-database';
import { startMaildev, startProcess, stopAll, type RunningProcess } from '../local/process-stack';
import { portIn, STACK } from '../stack/manifest';

/** Where a stack of its own listens and what its database is called, unless told otherwise. */
const LOAD_STACK = { basePort: 19080, database: 'upright_load', label: 'load' };

export interface LocalStack {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A stack on `basePort` (its processes at the manifest's offsets, an SMTP inbox at +25). */
export async function startLocalStack(
  options: { basePort: number; database: string; label: string } = LOAD_STACK,
): Promise<LocalStack> {
  const { basePort, database, label } = options;
  const smtpPort = basePort + 25;
  const prefix = `${label}-${randomUUID().slice(0, 8)}`;
  const shared = {
    NODE_ENV: 'development',
    HTTP_HOST: '127.0.0.1',
    TRANSPORT_PREFIX: prefix,
    QUEUE_PREFIX: prefix,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // The BFF serves the API only; the web bundle is not what this run measures.
    WEB_DIST_DIR: '',
    // One machine generates every visitor: the BFF's load-test mode lets it past the
    // per-address budgets, as a cluster's operator does for k6 (infra/k6/README.md).
    LOAD_TEST_CLIENTS: '127.0.0.1',
    // The captcha's proof of work costs the client, not the server (which checks one hash):
    // a small counter keeps the load generator's CPU for sending requests.
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '2000',
  };
  const databaseUrls: Record<string, string> = await preparePrivateDatabase(database, prefix);
  const running: RunningProcess[] = [];
  const stop = () => stopAll(running);
  try {
    running.push(await startMaildev(smtpPort, smtpPort + 1));
    for (const plan of STACK) {
      const env: Record<string, string> = { ...shared };
      if (plan.name in databaseUrls) env.DATABASE_URL = databaseUrls[plan.name];
      running.push(await startProcess(plan.name, plan.entry, portIn(plan, basePort), env));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${basePort}`, stop };
}
