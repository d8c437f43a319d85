import { RedisConnection } from '@upright/platform';
import type { StartedApp } from '@upright/platform/testing';
import { startTestApp, testInfra } from '@upright/platform/testing';
import { dataVersionKey } from '@upright/rankings/testing';
import { rankingsService } from '@upright/rankings';
import { bffService } from '@upright/bff';

/** Rankings on the test database and a BFF without the built app, on the test's transport. */
export async function startRankingsAndBff(
  prefix: string,
): Promise<{ rankings: StartedApp; bff: StartedApp }> {
  const infra = testInfra();
  const common = { REDIS_URL: infra.redisUrl, TRANSPORT_PREFIX: prefix };
  const rankings = await startTestApp(rankingsService, {
    ...common,
    DATABASE_URL: infra.databaseUrl('rankings'),
  });
  const bff = await startTestApp(bffService, { ...common, WEB_DIST_DIR: '' });
  return { rankings, bff };
}

/** Stops both and forgets the industry's data version, so no later run sees it. */
export async function stopRankingsAndBff(
  apps: { rankings?: StartedApp; bff?: StartedApp },
  prefix: string,
  industry: string,
): Promise<void> {
  await apps.rankings?.app.get(RedisConnection).redis.del(dataVersionKey(prefix, industry));
  await apps.bff?.app.close();
  await apps.rankings?.app.close();
}
