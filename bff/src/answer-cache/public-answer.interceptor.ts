import {
  CallHandler,
  ExecutionContext,
  Injectable,
  NestInterceptor,
  StreamableFile,
  type RawBodyRequest,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Patterns, type IssueWeights } from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import { from, mergeMap, Observable, of } from 'rxjs';
import { carriesMemberCredentials, MemberValues } from '../auth';
import { TextAnswerBody } from '../shared/text-answer-body';
import { makeAnswer, type Answer } from './answer';
import { AnswerCache } from './answer-cache.service';
import { answerHeaders, memberHeaders } from './answer-headers';
import { memberAnswerBody, memberRepresentation } from './personal-answers';
import { etagMatches, preferredCoding } from './negotiation';
import { isForThisRequestOnly } from '../shared/this-request-only';
import { ANSWER_POLICY, type AnswerPolicy } from '../shared/public-answer.decorator';
import { queryKey } from './query-key';

/** The key of an industry's latest ranking, which a company page's member ranks come from. */
export function industryAnswerKey(market: string, industry: string): string {
  return `/api/companies/${market}/${industry}`;
}

/**
 * The slow half of the read path: a `@PublicAnswer` route that the fast path could not answer
 * from kept bytes runs as usual; its 200 answer (always the visitor's: services rank as for a
 * visitor) is made into bytes once, kept under the version read before the data was asked for,
 * and sent exactly as the fast path sends it. A member with saved priorities gets, instead, the
 * answer made for them from it, `private, no-store`.
 */
@Injectable()
export class PublicAnswerInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: AnswerCache,
    private readonly members: MemberValues,
    private readonly services: ServiceClient,
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
    // A GET's kept answer was sent by the edge; a query's key needs its body, read by now.
    const key = keyOf(request);
    const kept = request.method === 'POST' && key !== null ? this.cache.store.get(key) : undefined;
    if (kept !== undefined) return of(this.send(request, response, kept));
    const version = this.cache.store.versionOf(policy.domain);
    this.cache.store.noteMiss();
    const member =
      policy.personal !== false && carriesMemberCredentials(request.headers)
        ? this.members.of(request)
        : null;
    return next
      .handle()
      .pipe(
        mergeMap((body: unknown) =>
          from(this.answer(request, response, policy, version, member, body)),
        ),
      );
  }

  private async answer(
    request: Request,
    response: Response,
    policy: AnswerPolicy,
    version: string | null,
    member: Promise<IssueWeights | null> | null,
    body: unknown,
  ): Promise<unknown> {
    if (response.statusCode !== 200 || body === undefined) return body;
    const params = request.params as Record<string, string>;
    const text = body instanceof TextAnswerBody ? body.text : JSON.stringify(body);
    const answer = makeAnswer(text, policy, {
      contentType: body instanceof TextAnswerBody ? body.contentType : undefined,
      industryKey:
        policy.personal === 'company-ranks'
          ? industryAnswerKey(params.market, params.industry)
          : undefined,
    });
    const key = keyOf(request);
    const shared = !isForThisRequestOnly(response);
    if (version !== null && key !== null && shared) this.cache.store.set(key, answer, version);
    if (member !== null || !shared) {
      const personal =
        member === null ? answer.identity : await this.memberBody(answer, await member, params);
      const sent = memberRepresentation(
        personal,
        preferredCoding(request.headers['accept-encoding']),
      );
      setHeaders(response, memberHeaders(answer, sent.coding));
      return file(answer, sent.body);
    }
    return this.send(request, response, answer);
  }

  /** Anyone's answer as the edge sends kept bytes: its coding, caching headers, a 304. */
  private send(request: Request, response: Response, answer: Answer): StreamableFile {
    const coding = preferredCoding(request.headers['accept-encoding']);
    const sent = answerHeaders(answer, coding, this.cache.publicCacheControl);
    setHeaders(response, sent.headers);
    if (etagMatches(request.headers['if-none-match'], String(sent.headers.etag))) {
      response.status(304);
      response.removeHeader('content-encoding');
      return file(answer, Buffer.alloc(0));
    }
    return file(answer, sent.body);
  }

  /** A member's bytes; the visitor's when they have no saved priorities (rule 7). */
  private async memberBody(
    answer: Answer,
    values: IssueWeights | null,
    params: Record<string, string>,
  ): Promise<Buffer> {
    if (values === null) return answer.identity;
    const made = memberAnswerBody(answer, values, (key) => this.cache.store.get(key));
    if (made !== undefined) return made;
    // A company page asked before its industry's ranking was kept: ask for it once.
    const version = this.cache.store.versionOf('data');
    const industry = await this.services.request(Patterns.rankings.industryCompanies, {
      industry: params.industry,
      period: null,
    });
    const industryAnswer = makeAnswer(JSON.stringify(industry), {
      domain: 'data',
      personal: 'industry-ranking',
    });
    if (version !== null) {
      this.cache.store.set(answer.industryKey!, industryAnswer, version);
    }
    return memberAnswerBody(answer, values, () => industryAnswer)!;
  }
}

/** The key of this request's answer: its canonical URL, or for a search query the exact body too. */
function keyOf(request: RawBodyRequest<Request>): string | null {
  if (request.method !== 'POST') return request.originalUrl;
  return request.rawBody === undefined ? null : queryKey(request.originalUrl, request.rawBody);
}

function setHeaders(response: Response, headers: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) response.setHeader(name, value as string);
  }
}

function file(answer: Answer, body: Buffer): StreamableFile {
  return new StreamableFile(body, { type: answer.contentType, length: body.length });
}
