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

const BASE_PORT = 19080;
const SMTP_PORT = BASE_PORT + 25;

export interface LocalStack {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startLocalStack(): Promise<LocalStack> {
  const prefix = `load-${randomUUID().slice(0, 8)}`;
  const shared = {
    NODE_ENV: 'development',
    HTTP_HOST: '127.0.0.1',
    TRANSPORT_PREFIX: prefix,
    QUEUE_PREFIX: prefix,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
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
  const databaseUrls: Record<string, string> = await preparePrivateDatabase('upright_load', prefix);
  const running: RunningProcess[] = [];
  const stop = () => stopAll(running);
  try {
    running.push(await startMaildev(SMTP_PORT, SMTP_PORT + 1));
    for (const plan of STACK) {
      const env: Record<string, string> = { ...shared };
      if (plan.name in databaseUrls) env.DATABASE_URL = databaseUrls[plan.name];
      running.push(await startProcess(plan.name, plan.entry, portIn(plan, BASE_PORT), env));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${BASE_PORT}`, stop };
}
