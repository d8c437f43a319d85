import { SetMetadata } from '@nestjs/common';
import type { AnswerPolicy } from './answer';

export const ANSWER_POLICY = Symbol('answer policy');

/**
 * Marks a GET route whose 200 answers are public reads (decisions §11): kept as ready bytes
 * per data version and served by the fast path until the version moves.
 */
export const PublicAnswer = (policy: AnswerPolicy) => SetMetadata(ANSWER_POLICY, policy);
