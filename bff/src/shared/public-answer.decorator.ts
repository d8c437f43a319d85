import { SetMetadata } from '@nestjs/common';
import type { PublicDataDomain } from '@upright/contracts';

/**
 * Which answers differ for a signed-in member with saved priorities (their personal ranks):
 * an industry's ranking, or a company page's ranks in its industry. Members get these
 * `private, no-store`, made for them from the kept visitor answer; visitors share the kept one.
 */
export type PersonalPart = 'industry-ranking' | 'company-ranks';

/** How a route's answers are kept: which data they come from, and what members see. */
export interface AnswerPolicy {
  domain: PublicDataDomain;
  personal: PersonalPart | false;
}

export const ANSWER_POLICY = Symbol('answer policy');

/** A public route's policy and the query parameters it reads (decision 0049). */
export interface PublicAnswerDeclaration extends AnswerPolicy {
  /** The only query parameters that reach the route and its key; the edge drops the others. */
  query?: readonly string[];
}

/**
 * Marks a GET route whose 200 answers are public reads (docs/product/rules.md#s11): kept as ready
 * bytes per data version and served by the edge until the version moves.
 */
export const PublicAnswer = (declaration: PublicAnswerDeclaration) =>
  SetMetadata(ANSWER_POLICY, declaration);
