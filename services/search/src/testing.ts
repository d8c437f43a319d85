/**
 * The search service's test harness for other packages' tests: the service on a private
 * transport, queue and index prefix, and ReactiveSearch query models. Test-only: excluded from
 * the build (tsconfig.json), so it never ships in the image.
 */
export { queryModel } from './engine/spec-support';
export { SearchStack } from '../test/search-stack';
