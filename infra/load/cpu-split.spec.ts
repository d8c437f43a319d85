import { readFileSync } from 'node:fs';
import {
  cpuSplit,
  describeCpuSplit,
  machineBusyTicks,
  processTicks,
  snapshot,
  type CpuSnapshot,
} from './cpu-split';

// proc(5): pid (comm) state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
// utime stime cutime cstime …
const stat = (comm: string, utime: number, stime: number) =>
  `4242 (${comm}) S 1 4242 4242 0 -1 4194560 2000 0 0 0 ${utime} ${stime} 7 9 20 0 11 0 100`;

describe('processTicks', () => {
  it('adds user and system time, not the children’s', () => {
    expect(processTicks(stat('node', 1500, 250))).toBe(1750);
  });

  it('reads past a command name holding spaces and parentheses', () => {
    expect(processTicks(stat('node (bff) main', 30, 12))).toBe(42);
  });

  it('reads this very process', () => {
    const ticks = processTicks(readFileSync('/proc/self/stat', 'utf8'));
    expect(Number.isInteger(ticks)).toBe(true);
    expect(ticks).toBeGreaterThanOrEqual(0);
  });
});

describe('machineBusyTicks', () => {
  it('counts user, nice, system, irq, softirq and steal; not idle or iowait', () => {
    const procStat = 'cpu  100 5 40 9000 300 2 3 7 0 0\ncpu0 50 2 20 4500 150 1 1 3 0 0\n';
    expect(machineBusyTicks(procStat)).toBe(100 + 5 + 40 + 2 + 3 + 7);
  });

  it('refuses a file without the cpu line', () => {
    expect(() => machineBusyTicks('intr 1 2 3\n')).toThrow(/no cpu line/);
  });
});

describe('cpuSplit', () => {
  const at = (atMs: number, machineBusy: number, processes: Array<[number, number]>) =>
    ({ atMs, machineBusy, processes: new Map(processes) }) satisfies CpuSnapshot;

  // 10 s at 100 ticks per second: 1,000 ticks are one core for the whole run.
  const before = at(0, 50_000, [
    [1, 100],
    [2, 200],
    [3, 300],
    [4, 400],
  ]);
  const after = at(10_000, 51_900, [
    [1, 800], // generator: 700 ticks
    [2, 500], // bff 0: 300
    [3, 400], // accounts: 100
    // 4 ended during the run
    [5, 250], // bff 1, started during the run: all 250 ticks count
  ]);
  const accounted = [
    { label: 'generator', pid: 1 },
    { label: 'bff', pid: 2 },
    { label: 'accounts', pid: 3 },
    { label: 'rankings', pid: 4 },
    { label: 'bff', pid: 5 },
  ];
  const split = cpuSplit(before, after, accounted, 2, 100);

  it('gives each label its CPU seconds per second, replicas together, largest first', () => {
    expect(split.seconds).toBe(10);
    expect(split.shares).toEqual([
      { label: 'generator', cores: 0.7, processes: 1 },
      { label: 'bff', cores: 0.55, processes: 2 },
      { label: 'accounts', cores: 0.1, processes: 1 },
    ]);
  });

  it('leaves what no listed process spent to the rest of the machine', () => {
    expect(split.machine).toEqual({ cores: 1.9, of: 2 });
    expect(split.rest).toBeCloseTo(1.9 - 0.7 - 0.55 - 0.1, 10);
  });

  it('says it in one line', () => {
    expect(describeCpuSplit(split)).toBe(
      'CPU over 10.0 s, in cores: machine 1.90 of 2; generator 0.70, bff 0.55 (2), ' +
        'accounts 0.10, the rest 0.55 (PostgreSQL, Redis, kernel)',
    );
  });

  it('reads this machine: its processes by pid, none for a pid that is not running', () => {
    const first = snapshot([process.pid, 2 ** 22 + 1])!;
    const second = snapshot([process.pid])!;
    expect([...first.processes.keys()]).toEqual([process.pid]);
    expect(second.processes.get(process.pid)).toBeGreaterThanOrEqual(
      first.processes.get(process.pid)!,
    );
    expect(second.machineBusy).toBeGreaterThanOrEqual(first.machineBusy);
    expect(first.machineBusy).toBeGreaterThan(0);
  });
});
