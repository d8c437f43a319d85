// The file's format itself is `DataSet` in @upright/contracts; rankings checks a whole file.
export { validateImportFile, formatPath, FILE_PATH } from './validate';
export type { ImportRowError, ImportValidationResult, ValidateImportOptions } from './validate';
