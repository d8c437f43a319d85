/**
 * A replicated stack of its own for the harnesses (`make chaos`, `make load-crowd`): N replicas of
 * every service and of the BFF, each a process from dist/ on a port of its own, on a private
 * PostgreSQL cluster, a private Redis and a private SMTP inbox (stores.ts), so the harness may
 * kill, restart and partition them without touching `make up`, the e2e stacks or anyone's tests.
 *
 * Ports: replica r of a process listens on its `make up` offset from `basePort`, plus 10·r; the
 * inbox, Redis and PostgreSQL sit at basePort + 25/26, 30 and 31.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TransportIdentity } from '@upright/contracts';
import { preparePrivateDatabase } from '../local/private-database';
import {
  startMaildev,
  startProcess,
  stopProcess,
  type RunningProcess,
} from '../local/process-stack';
import { databaseUrlVariable, portIn, SCHEMA_OWNERS, STACK, stackProcess } from '../stack/manifest';
import { createNamespace, type Namespace } from './netns';
import {
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './stores';

export interface StackSettings {
  /** Names the run's database, prefixes and temporary directories ("chaos", "crowd"). */
  tag: string;
  basePort: number;
  /** Replicas of each service and of the BFF. */
  replicas: number;
  /** BFF replicas started with the stack (the others by `startReplica`, e.g. cold mid-run). */
  bffsAtStart: number;
  /** One replica started inside a network namespace of its own, to be partitioned. */
  partitioned?: { name: TransportIdentity; replica: number };
}

export interface Replica {
  name: TransportIdentity;
  replica: number;
  port: number;
  host: string;
  url: string;
  running?: RunningProcess;
}

const ROOT = path.resolve(__dirname, '..', '..');
const execFileAsync = promisify(execFile);

function withHostAndPort(url: string, host: string, port: number, database?: string): string {
  const moved = new URL(url);
  moved.hostname = host;
  moved.port = String(port);
  if (database) moved.pathname = `/${database}`;
  return moved.toString();
}

export class ReplicatedStack {
  readonly replicas: Replica[] = [];
  readonly prefix: string;
  namespace?: Namespace;
  postgres!: PrivatePostgres;
  redis!: PrivateRedis;
  smtpPort: number;
  private maildev?: RunningProcess;
  private databaseUrls: Record<string, string> = {};

  constructor(readonly settings: StackSettings) {
    this.prefix = `${settings.tag}-${randomUUID().slice(0, 8)}`;
    this.smtpPort = settings.basePort + 25;
    for (const plan of STACK) {
      for (let replica = 0; replica < settings.replicas; replica++) {
        const inNamespace =
          settings.partitioned?.name === plan.name && settings.partitioned.replica === replica;
        const port = portIn(plan, settings.basePort) + 10 * replica;
        const host = inNamespace ? 'namespace' : '127.0.0.1';
        this.replicas.push({ name: plan.name, replica, port, host, url: '' });
      }
    }
  }

  /** The inbox's HTTP API (maildev). */
  get inboxUrl(): string {
    return `http://127.0.0.1:${this.smtpPort + 1}`;
  }

  /** Each schema owner's own connection to the run's database (for the harness's checks). */
  databaseUrl(name: TransportIdentity): string {
    return this.databaseUrls[name];
  }

  bffs(): Replica[] {
    return this.replicas.filter((replica) => replica.name === 'bff');
  }

  /** Where the BFFs that are up now answer. */
  liveBffUrls(): string[] {
    return this.bffs()
      .filter((replica) => replica.running)
      .map((replica) => replica.url);
  }

  async start(): Promise<void> {
    const { tag, basePort, partitioned } = this.settings;
    if (partitioned) {
      this.namespace = createNamespace(`upright-${tag}`, `10.231.${basePort % 250}`);
      for (const replica of this.replicas) {
        if (replica.host === 'namespace') replica.host = this.namespace.address;
      }
    }
    for (const replica of this.replicas) replica.url = `http://${replica.host}:${replica.port}`;
    const extra = this.namespace ? [this.namespace.hostAddress] : [];
    this.postgres = await startPrivatePostgres(`/tmp/upright-${tag}-pg`, basePort + 31, extra);
    this.redis = await startPrivateRedis(`/tmp/upright-${tag}-redis`, basePort + 30, extra);
    // The migrations, the imports and the ACL users read these from the environment.
    process.env.DATABASE_ADMIN_URL = this.postgres.adminUrl;
    for (const service of SCHEMA_OWNERS) {
      const variable = databaseUrlVariable(service);
      const given = process.env[variable];
      if (!given) throw new Error(`${variable} must be set (run through make)`);
      process.env[variable] = withHostAndPort(given, '127.0.0.1', this.postgres.port);
    }
    process.env.REDIS_URL = this.redis.url;
    process.env.TRANSPORT_PREFIX = this.prefix;
    this.databaseUrls = await preparePrivateDatabase(`upright_${tag}`, this.prefix);
    this.maildev = await startMaildev(this.smtpPort, this.smtpPort + 1);
    const bffsAtStart = new Set(this.bffs().slice(0, this.settings.bffsAtStart));
    for (const replica of this.replicas) {
      if (replica.name !== 'bff' || bffsAtStart.has(replica)) await this.startReplica(replica);
    }
  }

  private env(replica: Replica): Record<string, string> {
    const outside = replica.host !== '127.0.0.1' && this.namespace;
    const storeHost = outside ? this.namespace!.hostAddress : '127.0.0.1';
    const env: Record<string, string> = {
      NODE_ENV: 'development',
      TRANSPORT_PREFIX: this.prefix,
      QUEUE_PREFIX: this.prefix,
      REDIS_URL: withHostAndPort(this.redis.url, storeHost, this.redis.port),
      SMTP_URL: `smtp://${storeHost}:${this.smtpPort}`,
      WEB_DIST_DIR: '',
      // One machine generates every visitor (the BFF's load-test mode, infra/k6/README.md).
      LOAD_TEST_CLIENTS: '127.0.0.1',
      // The proof of work costs the client, not the server: keep the generator's CPU for requests.
      CAPTCHA_COST: '1',
      CAPTCHA_MAX_COUNTER: '2000',
      // Production's rule (decision 0055): members' saved priorities change visitors' rankings
      // once a month, not every AVERAGES_REFRESH_S as on a development stack, where the members
      // of a load run would move the data version (and drop every kept answer) each minute.
      AVERAGES_RULE: 'monthly',
    };
    if (replica.name in this.databaseUrls) {
      env.DATABASE_URL = withHostAndPort(
        this.databaseUrls[replica.name],
        storeHost,
        this.postgres.port,
      );
    }
    return env;
  }

  /** Starts (or starts again) one replica; resolves when it reports ready. */
  async startReplica(replica: Replica): Promise<void> {
    const plan = stackProcess(replica.name);
    const inNamespace = this.namespace && replica.host === this.namespace.address;
    const running = await startProcess(replica.name, plan.entry, replica.port, this.env(replica), {
      echoStderr: false,
      ...(inNamespace ? { commandPrefix: this.namespace!.exec, host: replica.host } : {}),
    });
    // Replicas share their process's Redis user: releasing it would cut the other replica off.
    replica.running = { ...running, release: undefined };
  }

  /** SIGKILL: no drain, no goodbye. */
  async kill(replica: Replica): Promise<void> {
    const child = replica.running?.child;
    replica.running = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** SIGTERM and wait for the exit (the drain), SIGKILL after process-stack's grace. */
  async terminate(replica: Replica): Promise<void> {
    const running = replica.running;
    replica.running = undefined;
    if (running) await stopProcess(running);
  }

  /**
   * `make import PUBLISH=1`'s path for one process's importer, on the run's database and Redis;
   * resolves with what it printed (what changed, and any warning that the change was not
   * announced).
   */
  async importInto(name: TransportIdentity, file: string): Promise<string> {
    const { importer } = stackProcess(name);
    if (!importer) throw new Error(`${name} has no importer`);
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      [path.join(ROOT, importer), file, '--publish'],
      {
        env: {
          ...process.env,
          DATABASE_URL: this.databaseUrls[name],
          REDIS_URL: this.redis.url,
          TRANSPORT_PREFIX: this.prefix,
          QUEUE_PREFIX: this.prefix,
        },
      },
    );
    return `${stdout}${stderr}`;
  }

  /** Stops the stack when the run is interrupted (Ctrl-C), so no replica outlives it. */
  stopOnSignal(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`[${this.settings.tag}] ${signal}: stopping the stack`);
        void this.stop().finally(() => process.exit(130));
      });
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => this.terminate(replica)));
    if (this.maildev) await stopProcess(this.maildev);
    await this.redis?.stop();
    await this.postgres?.stop();
    this.namespace?.remove();
  }
}
