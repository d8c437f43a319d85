/**
 * The mail service's test harness for other packages' tests: a private maildev inbox. Test-only:
 * excluded from the build (tsconfig.json), so it never ships in the image.
 */
export { Maildev, type ReceivedMail } from '../test/maildev';
