export {
  importFileSchema,
  industryRowSchema,
  companyRowSchema,
  headquartersSchema,
  scoreRowSchema,
  detailsSchema,
  reportRowSchema,
  reportSourceRowSchema,
  IMPORT_SECTIONS,
  REPORT_VALUES,
  US_STATE_CODES,
  SLUG_PATTERN,
  CID_PATTERN,
  isCalendarDate,
  isHttpUrl,
} from './schema';
export type {
  ImportFile,
  ImportSection,
  IndustryRow,
  CompanyRow,
  ScoreRow,
  DetailRow,
  MetricValues,
  ReportRow,
  ReportSourceRow,
} from './schema';
export { validateImportFile, formatPath, FILE_PATH } from './validate';
export type { ImportRowError, ImportValidationResult, ValidateImportOptions } from './validate';
