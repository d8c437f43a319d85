import { z } from 'zod';
import { PRIORITY_MAX, PRIORITY_MIN } from '../issues';
import {
  CAPTCHA_PAYLOAD_MAX_LENGTH,
  CLIENT_PRIORITY_FIELDS,
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  THEMES,
  type AnyClientPriorityField,
  type PriorityValues,
} from './accounts';

// Request bodies. One set of field rules for the BFF (HTTP bodies), accounts (messages) and the
// web's forms. Messages complete "<field> …", as the BFF's ZodValidationPipe reports them.

/** Reset and verification hashes are 43 base64url characters. */
const HASH_RULE = 'must be a link code of 43 letters, digits, "-" or "_"';

/**
 * A request body: a JSON object with exactly these fields. An unknown field (a `uid` or
 * `email` of someone else included) is refused, not ignored.
 */
export function strictBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `must not contain the unknown field(s) ${issue.keys.join(', ')}`
        : issue.code === 'invalid_type'
          ? 'must be a JSON object'
          : undefined,
  });
}

export const nameSchema = z
  .string('must be text')
  .trim()
  .min(1, 'must not be empty')
  .max(NAME_MAX_LENGTH, `must be at most ${NAME_MAX_LENGTH} characters`);

export const emailSchema = z
  .string('must be an email address')
  .trim()
  .max(EMAIL_MAX_LENGTH, `must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email('must be an email address'));

/** Length only; the common-password rule is checked by accounts against its bundled list. */
export const newPasswordSchema = z
  .string('must be text')
  .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** A password being checked, not chosen: any length the hasher accepts. */
export const givenPasswordSchema = z
  .string('must be text')
  .min(1, 'must not be empty')
  .max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const linkHashSchema = z.string(HASH_RULE).regex(/^[A-Za-z0-9_-]{43}$/, HASH_RULE);

export const captchaPayloadSchema = z
  .string('must be the solved captcha')
  .min(1, 'must be the solved captcha')
  .max(CAPTCHA_PAYLOAD_MAX_LENGTH, 'must be the solved captcha');

/**
 * Sign-up form (docs/product/rules.md#s8). The date of birth (the rules' birth-year question with
 * its month and day, decision 0047) is only checked, never stored; accounts checks that it is a
 * real day.
 */
export const signupBodySchema = strictBody({
  first_name: nameSchema,
  last_name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  birth_year: z.int('must be a whole number').min(1900, 'must be 1900 or later'),
  birth_month: z
    .int('must be a whole number from 1 to 12')
    .min(1, 'must be a whole number from 1 to 12')
    .max(12, 'must be a whole number from 1 to 12'),
  birth_day: z
    .int('must be a whole number from 1 to 31')
    .min(1, 'must be a whole number from 1 to 31')
    .max(31, 'must be a whole number from 1 to 31'),
  individual: z.literal(true, 'must be true: members are individuals, not companies'),
  subscriber: z.boolean('must be true or false').default(false),
  altcha: captchaPayloadSchema,
});
export type SignupBody = z.output<typeof signupBodySchema>;
export type SignupRequest = Omit<SignupBody, 'altcha'>;

export const signinBodySchema = strictBody({
  email: emailSchema,
  password: givenPasswordSchema,
});
export type SigninRequest = z.output<typeof signinBodySchema>;

/** `POST /api/verify`: the mailed link's hash, or (docs/product/spec.md#s7) email and password. */
export const verifyBodySchema = z.union([strictBody({ hash: linkHashSchema }), signinBodySchema], {
  error: 'must be { hash } from the mailed link, or { email, password }',
});
export type VerifyRequest = z.output<typeof verifyBodySchema>;

const priorityValueSchema = z
  .int(`must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`)
  .min(PRIORITY_MIN, `must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`)
  .max(PRIORITY_MAX, `must be a whole number from ${PRIORITY_MIN} to ${PRIORITY_MAX}`);

/** `PUT /api/priorities`: any of the client fields; the ones left out keep their values. */
export const prioritiesBodySchema = strictBody(
  Object.fromEntries(
    CLIENT_PRIORITY_FIELDS.map((field) => [field, priorityValueSchema.optional()]),
  ) as Record<AnyClientPriorityField, z.ZodOptional<typeof priorityValueSchema>>,
);
export type PrioritiesBody = Partial<PriorityValues>;

export const settingsBodySchema = strictBody({
  first_name: nameSchema.optional(),
  last_name: nameSchema.optional(),
  email: emailSchema.optional(),
  subscriber: z.boolean('must be true or false').optional(),
  theme: z.enum(THEMES, `must be one of: ${THEMES.join(', ')}`).optional(),
  /** Required to change the email or the password. */
  current_password: givenPasswordSchema.optional(),
  new_password: newPasswordSchema.optional(),
}).superRefine((body, context) => {
  if ((body.email !== undefined || body.new_password !== undefined) && !body.current_password) {
    context.addIssue({
      code: 'custom',
      path: ['current_password'],
      message: 'must be given to change the email or the password',
    });
  }
});
export type SettingsBody = z.output<typeof settingsBodySchema>;

/** `PUT /api/discontinue`: the member confirms with their password (re-authentication). */
export const discontinueBodySchema = strictBody({ password: givenPasswordSchema });
export type DiscontinueBody = z.output<typeof discontinueBodySchema>;

export const unsubscribeBodySchema = strictBody({
  uid: z.uuid('must be a member id'),
  key: z
    .string('must be the key from the mail')
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the key from the mail'),
});
export type UnsubscribeRequest = z.output<typeof unsubscribeBodySchema>;

/** Contact form (`POST /api/message`); `report_title` when it asks for a correction. */
export const messageBodySchema = strictBody({
  name: nameSchema,
  email: emailSchema,
  message: z
    .string('must be text')
    .trim()
    .min(1, 'must not be empty')
    .max(MESSAGE_MAX_LENGTH, `must be at most ${MESSAGE_MAX_LENGTH} characters`),
  report_title: z
    .string('must be text')
    .trim()
    .max(300, 'must be at most 300 characters')
    .nullable()
    .default(null),
  altcha: captchaPayloadSchema,
});
export type MessageBody = z.output<typeof messageBodySchema>;
export type MessageRequest = Omit<MessageBody, 'altcha'> & { uid: string | null };

export const resetBodySchema = strictBody({ email: emailSchema, altcha: captchaPayloadSchema });
export type ResetRequest = Omit<z.output<typeof resetBodySchema>, 'altcha'>;

export const resetPasswordBodySchema = strictBody({
  hash: linkHashSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.output<typeof resetPasswordBodySchema>;
