/**
 * `PROMETHEUS=1 make up`'s Prometheus (decision 0074): it scrapes every process of the stack
 * manifest where that process serves /metrics, as job "upright" (the alerts select it so), and
 * loads the chart's own rules; promtool accepts the configuration and the rules it names.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { prometheusConfig } from '../local/prometheus-config';
import { STACK } from '../stack/manifest';
import { ALERTS_FILE, ruleGroups } from './alerts-expressions';

interface Config {
  rule_files: string[];
  scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }>;
}

describe("the local Prometheus's configuration", () => {
  const text = prometheusConfig(ALERTS_FILE);
  const config = parse(text) as Config;

  it("scrapes each process's metrics port (the BFF's operations port) as job upright", () => {
    expect(config.scrape_configs).toHaveLength(1);
    const [job] = config.scrape_configs;
    expect(job!.job_name).toBe('upright');
    const targets = job!.static_configs.flatMap((group) => group.targets);
    expect(targets).toHaveLength(STACK.length);
    expect(targets).toContain('127.0.0.1:8089');
    for (const plan of STACK.filter((candidate) => candidate.name !== 'bff')) {
      expect(targets).toContain(`127.0.0.1:${plan.port}`);
    }
  });

  it("loads the chart's alerting rules, and promtool accepts it", () => {
    expect(config.rule_files).toEqual([ALERTS_FILE]);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'upright-prometheus-'));
    try {
      writeFileSync(path.join(dir, 'prometheus.yml'), text);
      const run = spawnSync('promtool', ['check', 'config', 'prometheus.yml'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(run.error).toBeUndefined();
      const rules = ruleGroups().flatMap((group) => group.rules).length;
      expect(`${run.stdout}${run.stderr}`).toContain(`SUCCESS: ${rules} rules found`);
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
