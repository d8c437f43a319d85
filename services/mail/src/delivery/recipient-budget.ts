import { Inject, Injectable } from '@nestjs/common';
import { MailKinds, type MailJob, type MailKind } from '@upright/contracts';
import { RedisConnection, SERVICE_CONFIG } from '@upright/platform';
import { createHash } from 'node:crypto';
import type { MailConfig } from '../config';

/**
 * The kinds anyone can make the product send to an address they type (sign-up, a reset, an
 * address change, a correction request, …), possibly someone else's: each spends the recipient's
 * budget (decision 0041). Not here: `contact` (to the product's own inbox), `correction-resolved`
 * (an admin's decision) and `rank-alert` (at most one per followed company and quarter, to a
 * member's verified address).
 */
export const BUDGETED_KINDS: ReadonlySet<MailKind> = new Set<MailKind>([
  MailKinds.welcome,
  MailKinds.passwordReset,
  MailKinds.emailVerification,
  MailKinds.discontinueConfirmation,
  MailKinds.accountChanged,
  MailKinds.emailInUse,
  MailKinds.correctionReceived,
]);

/** The address a budgeted mail goes to; null for a kind that spends no budget. */
export function budgetedAddress(mail: MailJob): string | null {
  if (!BUDGETED_KINDS.has(mail.kind)) return null;
  const data = mail.data as { recipient?: { email: string }; requester?: { email: string } };
  return (data.recipient ?? data.requester)?.email ?? null;
}

/**
 * The Redis key of an address's budget in the window `now` falls in. The address is normalised
 * (case and spaces do not make a second budget) and hashed, so no key names it.
 */
export function recipientBudgetKey(
  prefix: string,
  address: string,
  windowSeconds: number,
  now: number,
): string {
  const hash = createHash('sha256').update(address.trim().toLowerCase()).digest('hex');
  const window = Math.floor(now / 1000 / windowSeconds);
  return `${prefix}:mail:recipient-budget:${window}:${hash}`;
}

/**
 * Spends one mail of the address's budget for the job, unless the job has already spent it (a
 * retry after an SMTP failure or a crash is the same mail). Returns 1 when the mail may go.
 */
const SPEND = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1
`;

/** The per-recipient budget of visitor-caused mails, shared by every mail replica. */
@Injectable()
export class RecipientBudget {
  constructor(
    @Inject(RedisConnection) private readonly connection: RedisConnection,
    @Inject(SERVICE_CONFIG) private readonly config: MailConfig,
  ) {}

  /** Whether the mail of `jobId` may be sent; false when its recipient's budget is spent. */
  async allows(mail: MailJob, jobId: string): Promise<boolean> {
    const address = budgetedAddress(mail);
    if (address === null) return true;
    const windowSeconds = this.config.MAIL_RECIPIENT_WINDOW_HOURS * 3600;
    const key = recipientBudgetKey(
      this.config.TRANSPORT_PREFIX,
      address,
      windowSeconds,
      Date.now(),
    );
    const allowed = await this.connection.redis.eval(
      SPEND,
      1,
      key,
      jobId,
      String(this.config.MAIL_RECIPIENT_BUDGET),
      String(windowSeconds),
    );
    return allowed === 1;
  }
}
