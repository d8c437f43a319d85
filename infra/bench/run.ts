/**
 * `make bench`: figures for the whole stack, each beside a baseline measured in the same run.
 * Results are printed and written to infra/bench/results/<suite>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startBaselineServer } from './baseline-server';
import { measure, type LoadFigures } from './load';
import { benchTransportPrefix, startProcess, stopProcess } from './stack';

const resultsDir = path.join(__dirname, 'results');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} must be set (see infra/local/local.env)`);
  return value;
}

function row(label: string, figures: LoadFigures): string {
  return [
    label.padEnd(34),
    figures.requestsPerSecond.toFixed(0).padStart(9),
    figures.p50Ms.toFixed(1).padStart(8),
    figures.p99Ms.toFixed(1).padStart(8),
    String(figures.errors + figures.non2xx).padStart(7),
  ].join(' ');
}

async function benchActiveIndustries(): Promise<void> {
  const env = {
    REDIS_URL: requireEnv('REDIS_URL'),
    TRANSPORT_PREFIX: benchTransportPrefix(),
  };
  const rankings = await startProcess('rankings', 'services/rankings/dist/main.js', 18082, {
    ...env,
    DATABASE_URL: requireEnv('RANKINGS_DATABASE_URL'),
  });
  const bff = await startProcess('bff', 'bff/dist/main.js', 18080, { ...env, WEB_DIST_DIR: '' });
  try {
    const url = `${bff.url}/api/active`;
    const body = await (await fetch(url)).text();
    const baseline = await startBaselineServer(body);
    const options = { connections: CONNECTIONS, durationSeconds: DURATION_SECONDS };
    const bare = await measure(baseline.url, options);
    await baseline.close();
    const stack = await measure(url, options);
    const ratio = stack.requestsPerSecond / bare.requestsPerSecond;

    console.log(`\nGET /api/active — ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`);
    console.log(
      `${'what'.padEnd(34)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
    );
    console.log(row('bare node:http, same JSON', bare));
    console.log(row('BFF → rankings → Postgres', stack));
    console.log(
      `throughput ratio stack/bare: ${ratio.toFixed(3)} (${(1 / ratio).toFixed(1)}× slower)`,
    );

    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      path.join(resultsDir, 'api-active.json'),
      JSON.stringify(
        {
          suite: 'api-active',
          at: new Date().toISOString(),
          connections: CONNECTIONS,
          durationSeconds: DURATION_SECONDS,
          bytes: body.length,
          baseline: bare,
          stack,
          throughputRatio: ratio,
        },
        null,
        2,
      ),
    );
  } finally {
    await stopProcess(bff);
    await stopProcess(rankings);
  }
}

benchActiveIndustries().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
