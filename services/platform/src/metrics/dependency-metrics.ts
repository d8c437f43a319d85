import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { RedisConnection } from '../bootstrap/redis-connection';
import { runReadinessChecks } from '../health/readiness';
import { ReadinessRegistry } from '../health/readiness-registry';
import { Metrics } from './metrics';

/** A scrape waits this long for Redis's INFO, then reports no memory sample rather than hang. */
const INFO_TIMEOUT_MS = 1000;

/**
 * What the "replica not ready" and "Redis memory" alerts read (decision 0074): the readiness
 * the probes see, and the memory of the Redis every process shares. Read when scraped.
 */
@Injectable()
export class DependencyMetrics {
  constructor(metrics: Metrics, readiness: ReadinessRegistry, connection: RedisConnection) {
    const registers = [metrics.registry];
    new Gauge({
      name: 'upright_ready',
      help: '1 when /health/ready would answer 200 (every dependency answers, not draining), else 0',
      registers,
      async collect() {
        const ready =
          !readiness.draining && (await runReadinessChecks(readiness.all())).status === 'ok';
        this.set(ready ? 1 : 0);
      },
    });
    const memory = (field: string) => async (gauge: Gauge) => {
      const info = await redisMemoryInfo(connection);
      gauge.reset();
      const value = info?.[field];
      if (value !== undefined) gauge.set(value);
    };
    const used = memory('used_memory');
    const max = memory('maxmemory');
    new Gauge({
      name: 'upright_redis_memory_used_bytes',
      help: "Bytes Redis holds (INFO memory's used_memory)",
      registers,
      collect() {
        return used(this);
      },
    });
    new Gauge({
      name: 'upright_redis_memory_max_bytes',
      help: "Redis's maxmemory (0: no limit, the host's memory is)",
      registers,
      collect() {
        return max(this);
      },
    });
  }
}

/** INFO memory's numeric fields; null when Redis does not answer in time. */
async function redisMemoryInfo(
  connection: RedisConnection,
): Promise<Record<string, number> | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), INFO_TIMEOUT_MS);
  });
  try {
    const text = await Promise.race([connection.redis.info('memory'), timeout]);
    if (text === null) return null;
    const fields: Record<string, number> = {};
    for (const line of text.split('\r\n')) {
      const [key, value] = line.split(':');
      if (key && value !== undefined && /^\d+$/.test(value)) fields[key] = Number(value);
    }
    return fields;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
