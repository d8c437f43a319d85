/**
 * Internals the system tests drive directly (infra/tests/system). Test-only: excluded from the
 * build (tsconfig.json), so it never ships in the image.
 */
export { MemberDeletionScheduler } from './member-deletion/member-deletion.queue';
export { RankAlertsWorker } from './follows/rank-alerts.worker';
export { PasswordHasher } from './passwords/password-hasher';
export { unsubscribeKey } from './unsubscribe/signed-keys';
