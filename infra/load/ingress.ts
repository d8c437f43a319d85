/**
 * The crowd's way in (decision 0076): Debian's nginx configured as `make up-production`'s ingress
 * is, from the same rendered chart (charts/upright with values-local-production.yaml) and the same
 * translation of its Ingress (infra/production/ingress-nginx.ts), in front of the replicated
 * stack's BFFs. Its limits are the chart's: per client address (20 a second, a burst of 100, 20 in
 * progress; loopback is the values file's load-test allowlist, and the crowd's 1,000 clients all
 * connect from it, each with at most one request in progress) and per pod (`max_conns`,
 * `ingress.limits.upstreamMaxConns`).
 *
 * Two differences from production's, both of the harness: plain HTTP on loopback (the generator
 * shares the machine's two cores, and TLS would be its cost, not the stack's), and a response
 * header naming the pod that answered (POD_HEADER), for the figures per replica. Only running BFFs
 * are its pods: `follow` writes the configuration again and reloads nginx (SIGHUP), as a
 * controller without a Lua balancer does when a pod turns ready.
 *
 * CROWD_INGRESS_SET: helm `--set`s on top of the values file, comma-separated (e.g.
 * `ingress.limits.upstreamMaxConns=1024`), to try another value of the chart's limits as an
 * operator would set it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ReplicatedStack } from '../chaos/stack';
import { ingressLimits, ingressNginxConfig } from '../production/ingress-nginx';
import { VALUES_FILE } from '../production/layout';
import { ofKind, renderChart, type Manifest } from '../chart-tests/chart';

const ROOT = path.resolve(__dirname, '..', '..');
const NGINX = '/usr/sbin/nginx';
/** The Ingress rule's host (values-local-production.yaml): other hosts are answered 404. */
const HOST = 'localhost';
/** The pod that answered, as `address:port` (the last one nginx tried). */
export const POD_HEADER = 'X-Upright-Pod';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CrowdIngress {
  /** Where the clients send their requests. */
  readonly url: string;
  private readonly dir: string;
  private readonly manifests: Manifest[];
  private nginx?: ChildProcess;

  /**
   * `port`: where it listens; `port + 1` stands for web's pod, which the crowd's stack does not
   * run (nothing listens there: the journeys ask the API only, never `/assets`).
   */
  constructor(
    private readonly stack: ReplicatedStack,
    private readonly port: number,
  ) {
    this.url = `http://${HOST}:${port}`;
    this.dir = path.join(ROOT, '.local', 'load', 'ingress');
    const sets = (process.env.CROWD_INGRESS_SET ?? '').split(',').filter(Boolean);
    this.manifests = renderChart([VALUES_FILE], sets);
  }

  /** The limits it applies, as the rendered Ingress asks them. */
  describeLimits(): string {
    return ofKind(this.manifests, 'Ingress')
      .map((ingress) => {
        const { rate, connections, allowlist, maxConnsPerPod } = ingressLimits(ingress);
        return [
          `per client ${rate ? `${rate.perSecond}/s, burst ${rate.burst}` : 'no rate'}`,
          `${connections ?? 'any'} in progress (skipping ${allowlist.join(' ') || 'none'})`,
          `per pod ${maxConnsPerPod ?? 'no'} max_conns`,
        ].join(', ');
      })
      .join('; ');
  }

  private get confFile(): string {
    return path.join(this.dir, 'nginx.conf');
  }

  /** The configuration for the BFFs running now, checked by `nginx -t`. */
  private writeConfig(): void {
    const bffPorts = this.stack
      .bffs()
      .filter((replica) => replica.running)
      .map((replica) => replica.port);
    const conf = ingressNginxConfig(this.manifests, {
      listen: [`127.0.0.1:${this.port}`, `[::1]:${this.port}`],
      localPorts: (component, portName) => {
        if (component === 'bff' && portName === 'http') return bffPorts;
        if (component === 'web') return [this.port + 1];
        throw new Error(`the crowd's stack runs no ${component}/${portName}`);
      },
      podHeader: POD_HEADER,
      stateDir: this.dir,
      logDir: this.dir,
    });
    writeFileSync(this.confFile, conf);
    const check = spawnSync(NGINX, ['-t', '-q', '-c', this.confFile, '-e', 'stderr'], {
      encoding: 'utf8',
    });
    if (check.status !== 0) throw new Error(`the crowd's ingress: ${check.stderr.trim()}`);
  }

  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    this.writeConfig();
    const nginx = spawn(NGINX, ['-c', this.confFile, '-e', 'stderr', '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.nginx = nginx;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (nginx.exitCode !== null)
        throw new Error(`the crowd's ingress exited (${nginx.exitCode})`);
      const answer = await fetch(`${this.url}/api/industries`).catch(() => undefined);
      if (answer) {
        await answer.arrayBuffer();
        return;
      }
      await pause(100);
    }
    throw new Error(`the crowd's ingress did not answer on ${this.url} within 10 s`);
  }

  /** Sends to the BFFs running now: a new configuration, nginx reloaded (its old workers drain). */
  async follow(): Promise<void> {
    this.writeConfig();
    this.nginx?.kill('SIGHUP');
    // The new workers take over within milliseconds; the clients' next requests meet them.
    await pause(500);
  }

  /** Graceful stop (SIGQUIT: requests in progress end first). */
  async stop(): Promise<void> {
    const nginx = this.nginx;
    this.nginx = undefined;
    if (!nginx || nginx.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      nginx.once('exit', () => resolve());
      nginx.kill('SIGQUIT');
    });
  }
}
