import {
  RANKING_VALUES,
  SLUG_MAX_LENGTH,
  SLUG_PATTERN,
  TOP_COUNT_MAX,
  type RankingValue,
} from '@upright/contracts';
import { z } from 'zod';
import { notFound } from './api-exceptions';

/**
 * Formats of the `/api` route parameters. Every message completes "<param> …" (see
 * ZodValidationPipe). A well-formed value that names nothing (an unknown industry or market) is
 * a 404, decided by whoever knows what exists; a malformed one is a 400 here.
 */

/**
 * Parameters whose wire form (digits, a comma list) the OpenAPI document describes by the value
 * they are read as, so their limits are the ones the pipe enforces (decision 0029).
 */
export const documentedAs = new WeakMap<object, z.ZodType>();

const SLUG_RULE = 'must be lowercase letters and digits, words joined by single hyphens';

export const slugParam = z
  .string({ error: SLUG_RULE })
  .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, SLUG_RULE);

const COMPANY_PARAM_RULE = 'must be 1 to 200 characters without "/", ".." or control characters';

/**
 * A company slug is a lowercased name and may hold any other character a name has. Each rule is a
 * check JSON Schema has (length, pattern), so the OpenAPI document states all of them.
 */
export const companySlugParam = z
  .string({ error: COMPANY_PARAM_RULE })
  .min(1, COMPANY_PARAM_RULE)
  .max(200, COMPANY_PARAM_RULE)
  // eslint-disable-next-line no-control-regex
  .regex(/^(?!.*\.\.)[^/\u0000-\u001f\u007f-\u009f]*$/, COMPANY_PARAM_RULE);

/** `/{market}/{industry}` of the industry page's API routes. */
export const industryPageParams = z.object({ market: slugParam, industry: slugParam });

/** `/{market}/{industry}/{company}` of the company page's API routes. */
export const companyPageParams = z.object({
  market: slugParam,
  industry: slugParam,
  company: companySlugParam,
});

export const booleanParam = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

/**
 * Digits only (no signs, exponents or spaces), then the range. Ten digits hold every id up to
 * PostgreSQL's integer maximum; longer strings are refused before they are read as numbers.
 */
export function wholeNumberParam(min: number, max: number) {
  const rule = `must be a whole number from ${min} to ${max}`;
  const value = z.int(rule).min(min, rule).max(max, rule);
  const param = z
    .string({ error: rule })
    .regex(/^[0-9]{1,10}$/, rule)
    .transform(Number)
    .pipe(value);
  documentedAs.set(param, value);
  return param;
}

export const yearParam = wholeNumberParam(2000, 2100);
/** A published report's id (a PostgreSQL integer). */
export const reportIdParam = wholeNumberParam(1, 2_147_483_647);
export const quarterParam = wholeNumberParam(1, 4);
export const countParam = wholeNumberParam(1, TOP_COUNT_MAX);

/**
 * An object whose keys in `together` are given all or none, "<other> must be given with <key>"
 * naming the missing one. The rule is also the schema's JSON Schema `dependentRequired`, which the
 * OpenAPI document states with each parameter.
 */
function givenTogether<Shape extends z.ZodRawShape>(
  shape: Shape,
  together: readonly (keyof Shape & string)[],
) {
  const dependentRequired = Object.fromEntries(
    together.map((key) => [key, together.filter((other) => other !== key)]),
  );
  return z
    .object(shape)
    .superRefine((value, context) => {
      const given = value as Record<string, unknown>;
      for (const [key, others] of Object.entries(dependentRequired)) {
        if (given[key] === undefined) continue;
        for (const other of others.filter((name) => given[name] === undefined)) {
          context.addIssue({ code: 'custom', path: [other], message: `must be given with ${key}` });
        }
      }
    })
    .meta({ dependentRequired });
}

/** `?year=&qrt=` picks a period; both or neither (the latest period with scores). */
export const periodQuery = givenTogether(
  { year: yearParam.optional(), qrt: quarterParam.optional() },
  ['year', 'qrt'],
).transform(({ year, qrt }) =>
  year === undefined || qrt === undefined ? null : { period_year: year, period_qrt: qrt },
);

export const rankingValueParam = z.enum(RANKING_VALUES as [RankingValue, ...RankingValue[]], {
  error: `must be one of: ${RANKING_VALUES.join(', ')}`,
});

/** The markets (geographies) with data: the spec covers US companies only. */
const COVERED_MARKETS: ReadonlySet<string> = new Set(['us']);

/** A well-formed market the data does not cover is unknown, like an unknown industry. */
export function requireCoveredMarket(field: 'market' | 'geography', market: string): void {
  if (!COVERED_MARKETS.has(market)) {
    throw notFound(field, `Unknown ${field} "${market}": only "us" is covered`);
  }
}

/** The industry and company a company-page route names, once its market is one we cover. */
export function companyRoute(params: z.output<typeof companyPageParams>): {
  industry: string;
  company: string;
} {
  requireCoveredMarket('market', params.market);
  return { industry: params.industry, company: params.company };
}
