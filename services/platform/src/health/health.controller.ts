import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { readinessAnswer } from './operations';
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
    const { status, body } = await readinessAnswer(this.readiness);
    response.status(status);
    return body;
  }
}
