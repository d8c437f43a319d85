/**
 * What a `@PublicAnswer` route returns for an answer that is not JSON (an open-data CSV): kept
 * and sent as this text with this content type instead of being serialised.
 */
export class TextAnswerBody {
  constructor(
    readonly text: string,
    readonly contentType: string,
  ) {}
}
