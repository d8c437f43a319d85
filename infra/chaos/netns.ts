/**
 * A network namespace joined to this host by a veth pair: a process started in it reaches the
 * host (Redis, PostgreSQL) only over that link, so setting the link down is a partition — its
 * TCP connections stall without a reset, as when a node loses its network — and setting it up
 * again heals it. Needs root (`ip netns`).
 */
import { execFileSync } from 'node:child_process';

export interface Namespace {
  name: string;
  /** The host's end of the link: what the namespace's processes connect to. */
  hostAddress: string;
  /** The namespace's own address: where its processes' HTTP ports answer. */
  address: string;
  /** The command prefix that runs a program inside the namespace. */
  exec: string[];
  cut(): void;
  heal(): void;
  remove(): void;
}

function ip(...args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** `subnet` is the first three octets of a /30 of its own, e.g. "10.231.7". */
export function createNamespace(name: string, subnet: string): Namespace {
  const hostEnd = `${name.slice(0, 10)}-h`;
  const nsEnd = `${name.slice(0, 10)}-n`;
  const hostAddress = `${subnet}.1`;
  const address = `${subnet}.2`;
  // Left over by a run that was killed before it cleaned up.
  removeQuietly(name, hostEnd);
  ip('netns', 'add', name);
  ip('link', 'add', hostEnd, 'type', 'veth', 'peer', 'name', nsEnd);
  ip('link', 'set', nsEnd, 'netns', name);
  ip('addr', 'add', `${hostAddress}/30`, 'dev', hostEnd);
  ip('link', 'set', hostEnd, 'up');
  const inside = (...args: string[]) => ip('netns', 'exec', name, 'ip', ...args);
  inside('addr', 'add', `${address}/30`, 'dev', nsEnd);
  inside('link', 'set', nsEnd, 'up');
  inside('link', 'set', 'lo', 'up');
  return {
    name,
    hostAddress,
    address,
    exec: ['ip', 'netns', 'exec', name],
    cut: () => ip('link', 'set', hostEnd, 'down'),
    heal: () => ip('link', 'set', hostEnd, 'up'),
    remove: () => removeQuietly(name, hostEnd),
  };
}

function removeQuietly(name: string, hostEnd: string): void {
  for (const args of [
    ['netns', 'del', name],
    ['link', 'del', hostEnd],
  ]) {
    try {
      ip(...args);
    } catch {
      // not there
    }
  }
}
