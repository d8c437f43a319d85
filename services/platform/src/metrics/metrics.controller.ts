import { Controller, Get, Header } from '@nestjs/common';
import { METRICS_CONTENT_TYPE } from '../health/operations';
import { Metrics } from './metrics';

@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: Metrics) {}

  @Get()
  @Header('Content-Type', METRICS_CONTENT_TYPE)
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
