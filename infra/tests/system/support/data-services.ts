import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra } from '@upright/platform/testing';
import { rankingsService } from '@upright/rankings';
import { reportsService } from '@upright/reports';

/** Rankings and reports on the test database, on a test's transport (`common`). */
export async function startDataServices(
  common: Record<string, string>,
  queuePrefix: string,
): Promise<{ rankings: StartedApp; reports: StartedApp }> {
  const infra = testInfra();
  const rankings = await startTestApp(rankingsService, {
    ...common,
    DATABASE_URL: infra.databaseUrl('rankings'),
  });
  const reports = await startTestApp(reportsService, {
    ...common,
    DATABASE_URL: infra.databaseUrl('reports'),
    QUEUE_PREFIX: queuePrefix,
  });
  return { rankings, reports };
}
