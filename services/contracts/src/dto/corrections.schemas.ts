import { z } from 'zod';
import { emailSchema, nameSchema, captchaPayloadSchema, strictBody } from './accounts.schemas';
import {
  CORRECTION_FIELDS,
  CORRECTION_PAGE_MAX,
  CORRECTION_PAGE_SIZE_DEFAULT,
  CORRECTION_PAGE_SIZE_MAX,
  CORRECTION_TEXT_MAX_LENGTH,
  CORRECTION_URL_MAX_LENGTH,
  SCORE_FIELDS,
  type CorrectionField,
} from './corrections';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './rankings';
import type { ScoreField } from '../issues';

// Request bodies of the corrections; the BFF checks bodies, rankings its messages
// with the same rules. Messages complete "<field> …".

const HTTP_URL_RULE = 'must be a web address starting with http:// or https://';

/** Evidence and sources are links people will open: http(s) only, never javascript: or data:. */
export const httpLinkSchema = z
  .string(HTTP_URL_RULE)
  .trim()
  .max(CORRECTION_URL_MAX_LENGTH, `must be at most ${CORRECTION_URL_MAX_LENGTH} characters`)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: HTTP_URL_RULE }));

const textSchema = z
  .string('must be text')
  .trim()
  .min(1, 'must not be empty')
  .max(CORRECTION_TEXT_MAX_LENGTH, `must be at most ${CORRECTION_TEXT_MAX_LENGTH} characters`);

const SLUG_RULE = 'must be lowercase letters and digits, words joined by single hyphens';
const industrySchema = z
  .string(SLUG_RULE)
  .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`)
  .regex(SLUG_PATTERN, SLUG_RULE);
const companySchema = z
  .string('must be the company of the page')
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters');

const fieldSchema = z.enum(CORRECTION_FIELDS as [CorrectionField, ...CorrectionField[]], {
  error: `must be one of: ${CORRECTION_FIELDS.join(', ')}`,
});
export const scoreFieldSchema = z.enum(SCORE_FIELDS as [ScoreField, ...ScoreField[]], {
  error: `must be one of: ${SCORE_FIELDS.join(', ')}`,
});

const wholeNumber = (min: number, max: number) =>
  z
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);

const requestShape = {
  industry: industrySchema,
  company: companySchema,
  field: fieldSchema,
  period_year: wholeNumber(2000, 2100),
  period_qrt: wholeNumber(1, 4),
  name: nameSchema,
  email: emailSchema,
  what_is_wrong: textSchema,
  evidence_url: httpLinkSchema,
};

/** `POST /api/corrections`. */
export const correctionBodySchema = strictBody({ ...requestShape, altcha: captchaPayloadSchema });
export type CorrectionBody = z.output<typeof correctionBodySchema>;

/** `rankings.corrections.request`: the body without the captcha the BFF checked. */
export const correctionRequestSchema = strictBody(requestShape);

/** numeric(14, 4) holds up to 10 digits before the point. */
const SCORE_LIMIT = 1e10;
const scoreValueSchema = z
  .number('must be a number, or null for "no data"')
  .gt(-SCORE_LIMIT, `must be between -${SCORE_LIMIT} and ${SCORE_LIMIT}`)
  .lt(SCORE_LIMIT, `must be between -${SCORE_LIMIT} and ${SCORE_LIMIT}`)
  .nullable();

const acceptShape = {
  corrected_field: scoreFieldSchema.optional(),
  after_value: scoreValueSchema,
  source_url: httpLinkSchema,
  reason: textSchema,
};

/** `POST /api/admin/corrections/{id}/accept`. */
export const acceptCorrectionBodySchema = strictBody(acceptShape);
export type AcceptCorrectionBody = z.output<typeof acceptCorrectionBodySchema>;

/** `POST /api/admin/corrections/{id}/reject`. */
export const rejectCorrectionBodySchema = strictBody({ reason: textSchema });
export type RejectCorrectionBody = z.output<typeof rejectCorrectionBodySchema>;

export const correctionIdSchema = z
  .int('must be a correction id')
  .min(1, 'must be a correction id')
  .max(2_147_483_647, 'must be a correction id');
const adminSchema = z.string('must be the admin').min(1).max(100);

export const acceptCorrectionRequestSchema = strictBody({
  ...acceptShape,
  id: correctionIdSchema,
  resolved_by: adminSchema,
});
export const rejectCorrectionRequestSchema = strictBody({
  reason: textSchema,
  id: correctionIdSchema,
  resolved_by: adminSchema,
});

/** Which page of the ledger or the queue; the BFF checks its query with the same bounds. */
const pageShape = {
  page: wholeNumber(1, CORRECTION_PAGE_MAX).default(1),
  size: wholeNumber(1, CORRECTION_PAGE_SIZE_MAX).default(CORRECTION_PAGE_SIZE_DEFAULT),
};

export const openCorrectionsRequestSchema = strictBody(pageShape);

export const correctionLedgerRequestSchema = strictBody({
  industry: industrySchema,
  company: companySchema,
  ...pageShape,
});
