import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Metrics } from '@upright/platform';
import type { Request, Response } from 'express';
import { Observable, finalize } from 'rxjs';

/** Request counts and latency per route template (never per raw URL, which would explode cardinality). */
@Injectable()
export class HttpMetricsInterceptor implements NestInterceptor {
  constructor(private readonly metrics: Metrics) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const started = process.hrtime.bigint();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    return next.handle().pipe(
      finalize(() => {
        const route = (request.route as { path?: string } | undefined)?.path ?? 'unmatched';
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.metrics.observeHttp(route, request.method, response.statusCode, seconds);
      }),
    );
  }
}
