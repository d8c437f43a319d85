/**
 * Where the machine's CPU went during a run (`make load-crowd`). The load generator shares the
 * cores with the stack it measures: what it burns is the stack's loss, and while it is busy its
 * own late reads are counted in every answer's time. Read from Linux's /proc (utime + stime of
 * each process, all its threads; the machine's busy time from /proc/stat), in cores: CPU seconds
 * per second of the run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** A process to account for: its label groups replicas ("bff", "accounts"). */
export interface Accounted {
  label: string;
  pid: number;
}

export interface CpuSnapshot {
  atMs: number;
  /** The machine's busy time (all cores), in clock ticks. */
  machineBusy: number;
  /** CPU ticks per pid (absent: the process was not running). */
  processes: Map<number, number>;
}

export interface CpuShare {
  label: string;
  /** CPU seconds per second of the run. */
  cores: number;
  /** How many of the label's processes ran. */
  processes: number;
}

export interface CpuSplit {
  seconds: number;
  /** The machine's busy cores and how many it has. */
  machine: { cores: number; of: number };
  shares: CpuShare[];
  /** Busy time no accounted process spent (PostgreSQL, Redis, the kernel, anything else). */
  rest: number;
}

/** utime + stime (ticks) from a /proc/<pid>/stat line; the command may hold spaces and ')'. */
export function processTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5), counted from the state (field 3) here.
  return Number(fields[11]) + Number(fields[12]);
}

/** Busy ticks of all cores from /proc/stat's first ("cpu") line; idle and iowait are not busy. */
export function machineBusyTicks(stat: string): number {
  const line = stat.split('\n').find((text) => text.startsWith('cpu '));
  if (line === undefined) throw new Error('/proc/stat has no cpu line');
  // user nice system idle iowait irq softirq steal (guest time is already in user and nice).
  const [user, nice, system, , , irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  return user + nice + system + irq + softirq + (steal ?? 0);
}

/** A process's CPU time so far, in ticks; undefined once it has gone (or without /proc). */
export function readTicks(pid: number): number | undefined {
  try {
    return processTicks(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The accounted processes' and the machine's CPU now; undefined without Linux's /proc. */
export function snapshot(
  pids: readonly number[],
  now = performance.now(),
): CpuSnapshot | undefined {
  let machine: string;
  try {
    machine = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const processes = new Map<number, number>();
  for (const pid of pids) {
    const ticks = readTicks(pid);
    if (ticks !== undefined) processes.set(pid, ticks);
  }
  return { atMs: now, machineBusy: machineBusyTicks(machine), processes };
}

/** USER_HZ, the unit of /proc's times (100 on Linux's usual builds). */
export function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 100;
  }
}

/**
 * The split between two snapshots. A process started in between counts from zero (all its CPU
 * was spent in the run); one that ended in between counts nothing.
 */
export function cpuSplit(
  before: CpuSnapshot,
  after: CpuSnapshot,
  accounted: readonly Accounted[],
  cores: number,
  hz: number,
): CpuSplit {
  const seconds = (after.atMs - before.atMs) / 1000;
  const perSecond = (ticks: number) => ticks / hz / seconds;
  const byLabel = new Map<string, CpuShare>();
  let accountedTicks = 0;
  for (const { label, pid } of accounted) {
    const end = after.processes.get(pid);
    if (end === undefined) continue;
    const spent = end - (before.processes.get(pid) ?? 0);
    accountedTicks += spent;
    const share = byLabel.get(label) ?? { label, cores: 0, processes: 0 };
    share.cores += perSecond(spent);
    share.processes += 1;
    byLabel.set(label, share);
  }
  const busy = after.machineBusy - before.machineBusy;
  return {
    seconds,
    machine: { cores: perSecond(busy), of: cores },
    shares: [...byLabel.values()].sort((a, b) => b.cores - a.cores),
    rest: Math.max(0, perSecond(busy - accountedTicks)),
  };
}

export function describeCpuSplit(split: CpuSplit): string {
  const cores = (value: number) => value.toFixed(2);
  const parts = split.shares.map(
    (share) =>
      `${share.label} ${cores(share.cores)}${share.processes > 1 ? ` (${share.processes})` : ''}`,
  );
  return (
    `CPU over ${split.seconds.toFixed(1)} s, in cores: machine ${cores(split.machine.cores)} of ` +
    `${split.machine.of}; ${parts.join(', ')}, the rest ${cores(split.rest)} (PostgreSQL, Redis, kernel)`
  );
}
