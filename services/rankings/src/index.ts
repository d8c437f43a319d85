/**
 * The rankings service's entry points: its process definition (main.ts starts it) and the data
 * set checks of its importer (the file's format itself is `DataSet` in @upright/contracts).
 * The pure ranking engine has an entry of its own, `@upright/rankings/ranking-engine`.
 */
export { rankingsService } from './service';
export { formatPath, FILE_PATH, validateImportFile } from './import-file';
export type { ImportRowError, ImportValidationResult, ValidateImportOptions } from './import-file';
