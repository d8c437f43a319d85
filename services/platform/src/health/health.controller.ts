import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { runReadinessChecks } from './readiness';
import { ReadinessRegistry } from './readiness-registry';

@Controller('health')
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

  /** Liveness: the event loop answers. Never touches dependencies, so a Redis outage does not restart pods. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) response: Response) {
    if (this.readiness.draining) {
      response.status(503);
      return { status: 'unavailable', checks: { drain: 'shutting down' } };
    }
    const report = await runReadinessChecks(this.readiness.all());
    if (report.status !== 'ok') response.status(503);
    return report;
  }
}
