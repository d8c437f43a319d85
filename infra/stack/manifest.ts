/**
 * The stack manifest: every Node process of Upright, written once. The Makefile (through
 * `print.ts`), the local stack (`make up`), migrations, private databases, the Redis ACL users,
 * the e2e, load and bench stacks and the image list read it; the chart tests check the Helm chart
 * against it; `infra/tests/stack-manifest.spec.ts` checks that none of those lists is written
 * out again. Adding a process: docs/architecture.md, "Adding a sixth service".
 *
 * Production code does not read infra/ (decision 0030): the processes' names on the transport
 * are contracts' `TRANSPORT_IDENTITIES`, which this manifest must match entry for entry (the
 * compiler checks the names, the manifest test the count).
 */
import {
  MAIL_PRODUCERS,
  mailWorkerQueues,
  Queues,
  type PublicDataDomain,
  type QueueName,
  type TransportIdentity,
} from '@upright/contracts';

export interface StackProcess {
  /** Its name on the transport, in logs, ACL users, image and chart component names. */
  name: TransportIdentity;
  /** Its npm workspace (the Dockerfile's WORKSPACE build argument). */
  workspace: string;
  /** The built entry, from the repository root. */
  entry: string;
  /** Its HTTP port in `make up`; a private stack adds the same offset to its own base port. */
  port: number;
  /** A Postgres schema and login role of its own: migrations, DATABASE_URL, a data-set importer. */
  ownsSchema: boolean;
  /** The BullMQ queues it adds to or works on (its Redis ACL user may touch only these). */
  queues: readonly QueueName[];
  /**
   * The public data versions it moves (contracts' public-data.ts): its Redis ACL user may write
   * these domains' version keys and no other (decision 0072).
   */
  publicDataDomains: readonly PublicDataDomain[];
  /** Sends mail over SMTP (SMTP_URL). */
  smtp: boolean;
  /** Uses OpenSearch when one is configured (OPENSEARCH_URL). */
  opensearch: boolean;
  /** The data-set import command, from the repository root (`make import`, private databases). */
  importer?: string;
  /**
   * Variables of its own beyond the shared ones (the chart's ConfigMap) and those its needs
   * above imply (REDIS_URL, TRANSPORT_KEYS, DATABASE_URL, SMTP_URL, OPENSEARCH_URL).
   */
  env: readonly string[];
}

/**
 * A process's operations port: its HTTP port plus this. The BFF answers /metrics and /health/*
 * there only (decision 0049); the services answer them on their HTTP port and ignore OPS_PORT.
 * Stacks give each process the ports of a block of ten (8080–8085 in `make up`, e2e's and chaos'
 * blocks), so the block's last port is free.
 */
const OPS_PORT_OFFSET = 9;

/**
 * Where a process on `port` answers /health/ready: the BFF on its operations port, a service on
 * its HTTP port. Only that one: a service's HTTP port + 9 is the next block's port (a second
 * replica's in `make chaos`), whose process would answer ready for one still starting.
 */
export function healthPort(name: string, port: number): number {
  const onOpsPort = STACK.find((plan) => plan.name === name)?.env.includes('OPS_PORT') ?? false;
  return onOpsPort ? opsPort(port) : port;
}

/** The operations port of a process whose HTTP port is `port`. */
export function opsPort(port: number): number {
  return port + OPS_PORT_OFFSET;
}

/** In start order: the services first, the BFF that calls them last. */
export const STACK: readonly StackProcess[] = [
  {
    name: 'accounts',
    workspace: 'services/accounts',
    entry: 'services/accounts/dist/main.js',
    port: 8081,
    ownsSchema: true,
    queues: [
      MAIL_PRODUCERS.accounts.queue,
      Queues.memberDeletion,
      Queues.searchMemberDeletion,
      Queues.rankAlerts,
    ],
    // The members' averages weigh every ranking (published averages).
    publicDataDomains: ['data'],
    smtp: false,
    opensearch: false,
    env: ['UNSUBSCRIBE_SECRET'],
  },
  {
    name: 'rankings',
    workspace: 'services/rankings',
    entry: 'services/rankings/dist/main.js',
    port: 8082,
    ownsSchema: true,
    // The import (connecting as rankings) adds rank-alerts jobs; corrections mail requesters.
    queues: [Queues.searchIndex, Queues.rankAlerts, MAIL_PRODUCERS.rankings.queue],
    // The import and accepted corrections; the corrections ledgers.
    publicDataDomains: ['data', 'corrections'],
    smtp: false,
    opensearch: false,
    importer: 'services/rankings/dist/data-import/cli.js',
    env: [],
  },
  {
    name: 'reports',
    workspace: 'services/reports',
    entry: 'services/reports/dist/main.js',
    port: 8083,
    ownsSchema: true,
    queues: [Queues.searchIndex],
    publicDataDomains: ['data'],
    smtp: false,
    opensearch: false,
    importer: 'services/reports/dist/data-import/cli.js',
    env: [],
  },
  {
    name: 'mail',
    workspace: 'services/mail',
    entry: 'services/mail/dist/main.js',
    port: 8084,
    ownsSchema: false,
    // Every producer's mail queue, and the previous release's (decision 0041).
    queues: mailWorkerQueues.map((contract) => contract.queue),
    publicDataDomains: [],
    smtp: true,
    opensearch: false,
    env: ['CONTACT_INBOX', 'MAIL_FROM'],
  },
  {
    name: 'search',
    workspace: 'services/search',
    entry: 'services/search/dist/main.js',
    port: 8085,
    ownsSchema: true,
    queues: [Queues.searchIndex, Queues.searchMemberDeletion, Queues.searchAnalyticsRetention],
    publicDataDomains: ['search'],
    smtp: false,
    opensearch: true,
    env: [],
  },
  {
    name: 'bff',
    workspace: 'bff',
    entry: 'bff/dist/main.js',
    port: 8080,
    ownsSchema: false,
    queues: [],
    publicDataDomains: [],
    smtp: false,
    opensearch: false,
    env: [
      'TRUSTED_PROXY_HOPS',
      'SESSION_COOKIE_KEY',
      'CAPTCHA_HMAC_SECRET',
      'OPS_PORT',
      'RELEASE_ID',
    ],
  },
];

/** The port the site answers on in `make up` (the BFF's); other processes sit just above. */
export const BASE_PORT = stackProcess('bff').port;

export function stackProcess(name: TransportIdentity): StackProcess {
  const found = STACK.find((process) => process.name === name);
  if (!found) throw new Error(`no process "${name}" in infra/stack/manifest.ts`);
  return found;
}

/** A process's port in a stack whose BFF listens on `basePort` (e2e, load, bench). */
export function portIn(process: StackProcess, basePort: number): number {
  return basePort + process.port - BASE_PORT;
}

/** The processes with a Postgres schema of their own. */
export const SCHEMA_OWNERS = STACK.filter((process) => process.ownsSchema).map(
  (process) => process.name,
);

/** local.env's variable with a schema owner's own connection: ACCOUNTS_DATABASE_URL, … */
export function databaseUrlVariable(name: TransportIdentity): string {
  return `${name.toUpperCase()}_DATABASE_URL`;
}
