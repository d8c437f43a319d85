import { gzipSync } from 'node:zlib';
import {
  ISSUE_KEYS,
  type CompanyDetail,
  type IndustryCompaniesResponse,
  type IssueWeights,
} from '@upright/contracts';
import type { Answer, ContentCoding } from './answer';
import { RankedSetOfAnswer } from './personal-ranks';
import { PersonalTemplate } from './personal-template';

/** Compressed per request, so speed matters more than the last percent of size. */
const MEMBER_GZIP_LEVEL = 1;
/** Members' answers remembered per kept answer (each as large as the visitor's). */
const RECENT_PER_ANSWER = 16;

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
  const key = ISSUE_KEYS.map((issue) => values[issue]).join();
  const recent = (answer.forMembers.recent ??= new Map());
  const remembered = recent.get(key);
  if (remembered !== undefined) return remembered;
  const made = makeMemberAnswer(answer, values, keptAnswer);
  if (made === undefined) return undefined;
  if (recent.size >= RECENT_PER_ANSWER) recent.delete(recent.keys().next().value!);
  recent.set(key, made);
  return made;
}

function makeMemberAnswer(
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
