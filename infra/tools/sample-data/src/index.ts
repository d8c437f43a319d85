/** The sample-data generator as a library: benchmarks and tests build data sets from it. */
export {
  DEFAULT_LATEST,
  DEFAULT_SEED,
  generateDataSet,
  planDataSet,
  type DataSetParts,
  type GenerateOptions,
} from './generate';
export { periodsEndingAt, type Period } from './periods';
export * from './prng';
export { formatDataSet, writeDataSet, type JsonLayout } from './write';
