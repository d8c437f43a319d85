import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { carriesMemberCredentials } from '../auth';
import { makeAnswer, type AnswerPolicy } from './answer';
import { AnswerCache } from './answer-cache.service';
import { answerHeaders, PRIVATE_CACHE_CONTROL } from './answer-headers';
import { etagMatches, preferredCoding } from './negotiation';
import { ANSWER_POLICY } from './public-answer.decorator';

/**
 * The slow half of the read path: a `@PublicAnswer` route that the fast path could not answer
 * from kept bytes runs as usual; its 200 answer is then made into bytes once, kept under the
 * version read before the data was asked for, and sent exactly as the fast path sends it.
 * A member's personal answer is made for them and never kept.
 */
@Injectable()
export class PublicAnswerInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: AnswerCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const policy = this.reflector.get<AnswerPolicy | undefined>(
      ANSWER_POLICY,
      context.getHandler(),
    );
    if (!policy) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const personal = policy.personal && carriesMemberCredentials(request.headers);
    const version = personal ? null : this.cache.store.versionOf(policy.domain);
    if (!personal) this.cache.store.noteMiss();
    return next.handle().pipe(
      map((body: unknown) => {
        if (response.statusCode !== 200 || body === undefined) return body;
        const answer = makeAnswer(JSON.stringify(body), policy);
        if (version !== null) this.cache.store.set(request.originalUrl, answer, version);
        const coding = preferredCoding(request.headers['accept-encoding']);
        const cacheControl = personal ? PRIVATE_CACHE_CONTROL : this.cache.publicCacheControl;
        const sent = answerHeaders(answer, coding, cacheControl);
        for (const [name, value] of Object.entries(sent.headers)) {
          if (value !== undefined) response.setHeader(name, value);
        }
        if (etagMatches(request.headers['if-none-match'], String(sent.headers.etag))) {
          response.status(304);
          response.removeHeader('content-encoding');
          return new StreamableFile(Buffer.alloc(0));
        }
        return new StreamableFile(sent.body, {
          type: answer.contentType,
          length: sent.body.length,
        });
      }),
    );
  }
}
