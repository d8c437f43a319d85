import type { Settings, Theme, User } from '@upright/contracts';
import type { User as UserRow } from '../generated/prisma/client';

/** docs/product/spec.md#s3 User as the API shows it: never the hash, never a token. */
export function userDto(row: UserRow): User {
  return {
    uid: row.uid,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    subscriber: row.subscriber,
    role: row.role === 'admin' ? 'admin' : 'member',
    status: 'verified',
    email_verified: row.emailVerifiedAt !== null,
    authenticated: true,
    welcome_sent: row.welcomeSent,
    canDiscontinue: !row.discontinue,
    discontinue: row.discontinue,
    discontinue_date: row.discontinueDate?.toISOString() ?? null,
    discontinue_final: row.discontinueFinal?.toISOString() ?? null,
    prefs_updated: row.prefsUpdated?.toISOString() ?? null,
    theme: row.theme as Theme,
  };
}

/** The settings page's part of the same User. */
export function settingsDto(row: UserRow): Settings {
  const { uid, email, first_name, last_name, subscriber, theme } = userDto(row);
  return { uid, email, first_name, last_name, subscriber, theme };
}
