/**
 * BFF internals and HTTP fixtures the system tests use (infra/tests/system). Test-only: excluded
 * from the build (tsconfig.json), so it never ships in the image.
 */
export { makeAnswer } from './answer-cache/answer';
export { AnswerCache } from './answer-cache/answer-cache.service';
export { memberAnswerBody } from './answer-cache/personal-answers';
export { BffModule } from './app.module';
export { openApiDocument } from './openapi/openapi-document';
export { controllersOf } from '../test/support/controllers';
export { AdminGuard, CurrentMember, type AuthenticatedMember } from './auth';
export { deriveKey, solveChallenge, type Challenge } from './auth/altcha';
export { operationsUrl as opsUrl } from './edge/ops-server';
export { LOAD_TEST_HEADER } from './auth/load-test-mode';
export { MemberValues } from './auth/member-values';
export { builtWebApp, rawGet, visitorCsrfHeaders } from '../test/support/web-fixtures';
