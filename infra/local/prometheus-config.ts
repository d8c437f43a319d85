/**
 * The configuration of the Prometheus that `PROMETHEUS=1 make up` runs (decision 0074): every
 * process of the stack manifest scraped where it serves /metrics (the BFF on its operations
 * port), as job "upright" like the chart's ServiceMonitor, with the chart's own alerting rules.
 *
 *   tsx infra/local/prometheus-config.ts <rules file>   prints prometheus.yml
 */
import path from 'node:path';
import { stringify } from 'yaml';
import { opsPort, STACK } from '../stack/manifest';

/** Every 15 s: the rules' shortest window (5 min) then holds 20 samples. */
const INTERVAL = '15s';

export function prometheusConfig(rulesFile: string): string {
  const targets = STACK.map(({ port, env }) => {
    const metricsPort = env.includes('OPS_PORT') ? opsPort(port) : port;
    return `127.0.0.1:${metricsPort}`;
  });
  return stringify({
    global: { scrape_interval: INTERVAL, evaluation_interval: INTERVAL },
    rule_files: [path.resolve(rulesFile)],
    scrape_configs: [{ job_name: 'upright', static_configs: [{ targets }] }],
  });
}

if (require.main === module) {
  const [rulesFile] = process.argv.slice(2);
  if (!rulesFile) {
    console.error('usage: prometheus-config.ts <rules file>');
    process.exit(2);
  }
  process.stdout.write(prometheusConfig(rulesFile));
}
