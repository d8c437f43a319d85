import { SetMetadata } from '@nestjs/common';
import type { AnswerPolicy } from './answer';

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
