import {
  type CanActivate,
  type ExecutionContext,
  HttpException,
  Inject,
  Injectable,
} from '@nestjs/common';
import { Metrics, SERVICE_CONFIG } from '@upright/platform';
import type { Request, Response } from 'express';
import type { BffConfig } from '../config/config';
import { Admission, SHED_BODY, SHED_RETRY_AFTER_SECONDS } from '../shared/admission';

/**
 * The requests of this replica that wait for accounts' password work, at most
 * PASSWORD_REQUESTS_IN_FLIGHT at once (the admission's `password` lane, decision 0059).
 */
@Injectable()
export class PasswordLane extends Admission {
  constructor(@Inject(SERVICE_CONFIG) config: BffConfig, metrics: Metrics) {
    super('password', config.PASSWORD_REQUESTS_IN_FLIGHT, metrics.registry);
  }
}

/**
 * Admits a request carrying a password to a route that makes accounts hash or verify it
 * (`@UseGuards(PasswordLaneGuard, …)`, first, so a refusal spends no rate-limit point and no Redis
 * round trip) within the lane, or answers 503 with `Retry-After` at once, as the edge sheds. The
 * slot is held until the response has ended (sent, failed or abandoned by the client).
 */
@Injectable()
export class PasswordLaneGuard implements CanActivate {
  constructor(private readonly lane: PasswordLane) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    // A verification by the mailed code carries no password: no password work, not counted.
    const body = http.getRequest<Request>().body as Record<string, unknown> | undefined;
    if (typeof body?.password !== 'string') return true;
    const response = http.getResponse<Response>();
    const release = this.lane.enter();
    if (release === null) {
      response.setHeader('Retry-After', String(SHED_RETRY_AFTER_SECONDS));
      throw new HttpException(SHED_BODY, 503);
    }
    response.once('close', release);
    return true;
  }
}
