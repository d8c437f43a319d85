import type { z } from 'zod';
import type { TextAnswerBody } from './text-answer-body';

/** An answer of an operation besides its success status (a 204, a redirect). */
export interface OtherAnswer {
  status: number;
  description: string;
  /** The body's schema; none for an empty answer. */
  schema?: z.ZodType;
}

/** What the document says of an operation that its other metadata cannot: words and answers. */
export interface OperationDoc<S extends z.ZodType = z.ZodType> {
  summary: string;
  /** The success answer's JSON body (at `@HttpCode`, or Nest's default status). */
  answer: S;
  others?: readonly OtherAnswer[];
  /** The same answer as text of this media type too (a download's CSV), chosen by the path. */
  alsoAs?: string;
  /** The request body's schema, for a handler that checks its body itself instead of a pipe. */
  body?: z.ZodType;
  /** A body of bytes, not JSON (an upload's chunk, decision 0077): its media type. */
  bytesBody?: string;
}

export const OPERATION_DOC = Symbol('openapi operation');

type Answered<T> = T | Promise<T>;
type OthersOf<D> = D extends { others: readonly (infer O)[] }
  ? O extends { schema: z.ZodType<infer T> }
    ? T
    : undefined
  : never;
type AnswerOf<D extends OperationDoc> =
  z.output<D['answer']> | OthersOf<D> | (D extends { alsoAs: string } ? TextAnswerBody : never);

/**
 * Documents a route in `/api/openapi.json` (decision 0029). The handler's return type must be
 * what the schemas describe, so the document cannot promise an answer the code does not give.
 */
export function Operation<const D extends OperationDoc>(doc: D) {
  return <F extends (...args: never[]) => Answered<AnswerOf<D>>>(
    _target: object,
    _key: string | symbol,
    descriptor: TypedPropertyDescriptor<F>,
  ): void => {
    Reflect.defineMetadata(OPERATION_DOC, doc, descriptor.value as object);
  };
}
