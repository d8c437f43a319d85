/**
 * The mail service's test harness for other packages' tests: a private maildev inbox. Test-only:
 * excluded from the build (tsconfig.json), so it never ships in the image.
 */
export { Maildev, type ReceivedMail } from '../test/maildev';
export { messageIdFor } from './delivery/message-id';
export { startMailProcess, stopProcess } from '../test/mail-process';
export { repoPath } from '../test/run-ts';
export { SmtpHoldProxy } from '../test/smtp-hold-proxy';
