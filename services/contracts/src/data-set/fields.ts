/**
 * Field rules of the data set file (docs/product/rules.md#s7) shared by the services that import a
 * part of it: rankings (industries, companies, scores, details) and reports (reports, report
 * sources). Messages complete "<path>: …" and say "is required" when a field is absent.
 */
import { z } from 'zod';
import { SLUG_PATTERN } from '../dto/rankings';

export const CID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A schema-level message that still says "is required" when the field is absent. */
export function msg(message: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
  };
}

export const text = (max: number) =>
  z
    .string()
    .refine((value) => value.trim().length > 0, 'must not be empty')
    .refine((value) => value.length <= max, `must be at most ${max} characters`);

export const stringList = (maxItems: number, maxLength = 200) =>
  z.array(text(maxLength)).max(maxItems, `must have at most ${maxItems} items`).default([]);

export const slug = () =>
  z
    .string()
    .max(100, 'must be at most 100 characters')
    .regex(SLUG_PATTERN, 'must be a slug (lowercase letters, digits and hyphens)');

export const cid = () =>
  z.string().regex(CID_PATTERN, 'must be an id of up to 64 letters, digits, "-" or "_"');

export const date = () => z.string().refine(isCalendarDate, 'must be a date YYYY-MM-DD');

export const url = () =>
  z
    .string()
    .refine((value) => value.length <= 2000, 'must be at most 2000 characters')
    .refine(isHttpUrl, 'must be an http or https URL');

export function intBetween(min: number, max: number) {
  const message = `must be a whole number between ${min} and ${max}`;
  return z.int(msg(message)).min(min, message).max(max, message);
}

export function numberBetween(min: number, max: number) {
  const message = `must be a number between ${min} and ${max}`;
  return z.number(msg(message)).min(min, message).max(max, message);
}

export const bool = (fallback: boolean) =>
  z.boolean(msg('must be true or false')).default(fallback);

export const periodYear = () => intBetween(2000, 2100);
export const periodQrt = () => intBetween(1, 4);
