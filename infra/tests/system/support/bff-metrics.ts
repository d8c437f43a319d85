import type { StartedApp } from '@upright/platform/testing';
import { opsUrl } from '@upright/bff/testing';

/**
 * A BFF metric read from its operations port: the first series of `name`, or the one labelled
 * `lane` (the admission's `fresh` or `password`, decision 0049); 0 when it is not exported.
 */
export async function bffMetric(app: StartedApp, name: string, lane?: string): Promise<number> {
  const text = await (await fetch(`${opsUrl(app.app)}/metrics`)).text();
  const line = text
    .split('\n')
    .find(
      (row) =>
        (row.startsWith(`${name}{`) || row.startsWith(`${name} `)) &&
        (lane === undefined || row.includes(`lane="${lane}"`)),
    );
  return Number(line?.split(' ')[1] ?? 0);
}
