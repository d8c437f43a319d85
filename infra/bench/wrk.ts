import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { clockTicksPerSecond, readTicks } from '../load/cpu-split';

const run = promisify(execFile);

/**
 * Figures of one load run. Latencies in ms; `errors` counts socket errors, timeouts and
 * answers other than 2xx/3xx.
 */
export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
  /** The CPU seconds `cpuOf` used over the measured run (not the warm-up), when asked. */
  cpuSeconds?: number;
}

/**
 * Answers that were 2xx/3xx, per second: wrk asks again at once after a 503 (it ignores
 * `Retry-After`), so in a run that sheds, req/s counts refusals as if they were answers.
 */
export function answeredPerSecond(figures: LoadFigures): number {
  if (figures.requests === 0) return 0;
  return (figures.requestsPerSecond * (figures.requests - figures.errors)) / figures.requests;
}

export interface LoadRun {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** POST bodies sent in turn (one per request); GET without. */
  bodies?: readonly string[];
  /**
   * A GET path asked instead of the URL's, with `{n}` a new number per request (a new
   * `utm_source`, a new unknown path): what no kept copy of the exact URL can answer.
   */
  template?: string;
  /** A process (the server measured) whose CPU time over the measured run is reported. */
  cpuOf?: number;
}

const luaString = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/**
 * The Lua script of one run: rotates the bodies or numbers the path, and prints the figures as one JSON line
 * (wrk's own report has no p95 and is meant for people).
 */
function script(run: LoadRun): string {
  const headers = Object.entries(run.headers ?? {})
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  const bodies = run.bodies ?? [];
  return `
${headers}
local bodies = { ${bodies.map(luaString).join(',\n')} }
local n = #bodies
-- The warm-up starts half-way through the bodies and the measured run at the first, so that a
-- run of bodies each asked once (never asked before) does not measure the warm-up's again.
local i = tonumber(os.getenv("WRK_BODY_START") or "0") % math.max(n, 1)
if n > 0 then
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  request = function()
    i = i % n + 1
    return wrk.format(nil, nil, nil, bodies[i])
  end
end
local template = ${run.template === undefined ? 'nil' : luaString(run.template)}
if template then
  -- The warm-up run and the measured one start a second apart: never the same numbers.
  local i = os.time() * 1000000
  request = function()
    i = i + 1
    return wrk.format(nil, (string.gsub(template, "{n}", tostring(i))))
  end
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'FIGURES {"requests":%d,"micros":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))
end
`;
}

/**
 * Drives one URL with Debian's wrk (C, one thread, event loop): it leaves the measured server
 * nearly all of the second core. A 1-second warm-up first (JIT, caches), then the run.
 */
export async function measure(load: LoadRun): Promise<LoadFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'upright-wrk-'));
  const file = path.join(dir, 'run.lua');
  writeFileSync(file, script(load));
  const args = (seconds: number) => [
    '-t1',
    `-c${load.connections}`,
    `-d${seconds}s`,
    '--timeout',
    '10s',
    '-s',
    file,
    load.url,
  ];
  try {
    const half = String(Math.floor((load.bodies?.length ?? 0) / 2));
    await run('wrk', args(1), { env: { ...process.env, WRK_BODY_START: half } }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        throw new Error(
          'wrk is not installed: infra/local/ensure-wrk.sh installs it (make bench and make load-crowd run it)',
        );
      },
    );
    const ticksBefore = load.cpuOf === undefined ? undefined : readTicks(load.cpuOf);
    const { stdout } = await run('wrk', args(load.seconds), { maxBuffer: 10 * 1024 * 1024 });
    const ticksAfter = load.cpuOf === undefined ? undefined : readTicks(load.cpuOf);
    const line = stdout.split('\n').find((text) => text.startsWith('FIGURES '));
    if (!line) throw new Error(`wrk printed no figures:\n${stdout}`);
    const raw = JSON.parse(line.slice('FIGURES '.length)) as Record<string, number>;
    return {
      requestsPerSecond: raw.requests / (raw.micros / 1e6),
      p50Ms: raw.p50 / 1000,
      p95Ms: raw.p95 / 1000,
      p99Ms: raw.p99 / 1000,
      errors: raw.errors,
      requests: raw.requests,
      ...(ticksBefore !== undefined && ticksAfter !== undefined
        ? { cpuSeconds: (ticksAfter - ticksBefore) / clockTicksPerSecond() }
        : {}),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
