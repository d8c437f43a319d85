import { toHundredths } from './hundredths';
import { ISSUE_KEYS, type IssueKey } from './issues';
import type { Weights } from './weigh';

export const USAGE = `Recomputes an industry's Upright ranks from its open data (docs/product/rules.md#s5).

Usage: upright-recompute --industry <file or URL> [--weights climate=5,exec_pay=5,…] [--check] [--json]

  --industry  an industry's open-data JSON, a file or its URL, e.g.
              https://<site>/api/open/us/<industry>.json (add ?year=2026&qrt=1 for a period)
  --weights   the weights a page states, numbers ≥ 0 with at most 2 decimals, for all nine
              issues: ${ISSUE_KEYS.join(',')}.
              Without it, the weights the file states (the ones the industry page ranks with)
  --check     compare with the ranks the file states; exit 1 when any differs
  --json      print the result as JSON instead of a table`;

export interface CliOptions {
  readonly industry: string;
  /** null: the weights the file states. */
  readonly weights: Weights | null;
  readonly check: boolean;
  readonly json: boolean;
}

export type ParsedArgs = { help: true } | { help: false; options: CliOptions };

/** Thrown for a command line the tool cannot run with; the message says what to change. */
export class UsageError extends Error {}

/** The command line, without node and the script: `--name value` or `--name=value`. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  let industry: string | undefined;
  let weights: Weights | null = null;
  let check = false;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = splitInline(argv[i]);
    const value = (): string => {
      const given = inline ?? argv[++i];
      if (given === undefined || given === '') throw new UsageError(`${flag} needs a value`);
      return given;
    };
    switch (flag) {
      case '--help':
      case '-h':
        return { help: true };
      case '--industry':
        industry = value();
        break;
      case '--weights':
        weights = parseWeights(value());
        break;
      case '--check':
        check = true;
        break;
      case '--json':
        json = true;
        break;
      default:
        throw new UsageError(`unknown argument: ${argv[i]}`);
    }
  }
  if (industry === undefined) throw new UsageError('--industry is required');
  return { help: false, options: { industry, weights, check, json } };
}

function splitInline(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals > 0
    ? [arg.slice(0, equals), arg.slice(equals + 1)]
    : [arg, undefined];
}

const WEIGHT = /^\d+(\.\d{1,2})?$/;

/**
 * `climate=5,exec_pay=2.5,…`: every one of the nine issues once, each a plain decimal ≥ 0 with at
 * most 2 decimals, as a page states them (rules §5 rule 8 computes in exact hundredths).
 */
export function parseWeights(text: string): Weights {
  const weights = new Map<IssueKey, number>();
  for (const pair of text.split(',')) {
    const [key, value, extra] = pair.trim().split('=');
    if (!(ISSUE_KEYS as readonly string[]).includes(key)) {
      throw new UsageError(
        `unknown issue "${key}" in --weights; the issues: ${ISSUE_KEYS.join(', ')}`,
      );
    }
    if (weights.has(key as IssueKey)) throw new UsageError(`${key} is given twice in --weights`);
    if (value === undefined || extra !== undefined || !WEIGHT.test(value)) {
      throw new UsageError(
        `${key}=${value ?? ''}: a weight is a number ≥ 0 with at most 2 decimals`,
      );
    }
    const weight = Number(value);
    toHundredths(weight); // refuses what exact arithmetic cannot hold
    weights.set(key as IssueKey, weight);
  }
  const missing = ISSUE_KEYS.filter((key) => !weights.has(key));
  if (missing.length > 0) {
    throw new UsageError(
      `--weights lacks ${missing.join(', ')}: give all nine, as a page states them`,
    );
  }
  return Object.fromEntries(weights) as Weights;
}
