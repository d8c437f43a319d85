import { gzipSync } from 'node:zlib';
import type { CompanyDetail, IndustryCompaniesResponse, IssueWeights } from '@upright/contracts';
import type { Answer, ContentCoding } from './answer';
import { RankedSetOfAnswer } from './personal-ranks';
import { PersonalTemplate } from './personal-template';

/** Compressed per request, so speed matters more than the last percent of size. */
const MEMBER_GZIP_LEVEL = 1;

function parsed(answer: Answer): unknown {
  return JSON.parse(answer.identity.toString('utf8'));
}

function rankedSetOf(answer: Answer): RankedSetOfAnswer {
  return (answer.forMembers.rankedSet ??= new RankedSetOfAnswer(
    parsed(answer) as IndustryCompaniesResponse,
  ));
}

function templateOf(answer: Answer): PersonalTemplate {
  return (answer.forMembers.template ??=
    answer.policy.personal === 'industry-ranking'
      ? PersonalTemplate.ofIndustry(parsed(answer) as IndustryCompaniesResponse)
      : PersonalTemplate.ofCompany(parsed(answer) as CompanyDetail));
}

/**
 * A member's answer from the kept visitor answer and their priority values: the industry's
 * ranking re-weighed, or the company's ranks in the kept ranking of its industry. `undefined`
 * when that industry ranking is not kept (the caller then fetches it, or lets the route answer).
 */
export function memberAnswerBody(
  answer: Answer,
  values: IssueWeights,
  keptAnswer: (key: string) => Answer | undefined,
): Buffer | undefined {
  if (answer.policy.personal === 'industry-ranking') {
    return templateOf(answer).render(rankedSetOf(answer).weigh(values));
  }
  const industry = answer.industryKey === undefined ? undefined : keptAnswer(answer.industryKey);
  if (industry === undefined) return undefined;
  return templateOf(answer).render(rankedSetOf(industry).weigh(values));
}

/** A member's bytes in the coding they accept: gzip (fast) for any compressing client. */
export function memberRepresentation(
  body: Buffer,
  coding: ContentCoding,
): { body: Buffer; coding: ContentCoding } {
  if (coding === 'identity' || body.length < 1024) return { body, coding: 'identity' };
  return { body: gzipSync(body, { level: MEMBER_GZIP_LEVEL }), coding: 'gzip' };
}
