const THIS_REQUEST_ONLY = Symbol('answer for this request only');

/**
 * Says, from inside a `@PublicAnswer` route, that this answer is not for anyone else (it carries
 * a search id, the member's recent searches, or popularity that moves with every search): it is
 * not kept and is sent `private, no-store`.
 */
export function answerForThisRequestOnly(response: object): void {
  (response as { [THIS_REQUEST_ONLY]?: boolean })[THIS_REQUEST_ONLY] = true;
}

export function isForThisRequestOnly(response: object): boolean {
  return (response as { [THIS_REQUEST_ONLY]?: boolean })[THIS_REQUEST_ONLY] === true;
}
