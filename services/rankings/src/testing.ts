/**
 * Internals the system tests drive directly (infra/tests/system): the importer's writer, the
 * search push, the data versions and caches. Test-only: excluded from the build (tsconfig.json),
 * so it never ships in the image.
 */
export { AveragesCache } from './averages/averages-cache';
export { weightsFromAverages } from './averages/averages';
export { writeImport } from './data-import/import-writer';
export { PrismaClient as RankingsPrisma } from './generated/prisma/client';
export { bumpDataVersions, dataVersionKey } from './rankings-cache/data-version';
export { RankingsCache } from './rankings-cache/rankings-cache';
export { pushToSearchIndex } from './search-documents/search-index.queue';
