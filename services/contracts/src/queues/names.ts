/**
 * BullMQ queues: work that must happen at least once, with retries (docs/product/rules.md#s2). Each
 * queue's job names and payloads live in the file named after it.
 */
export const Queues = {
  /**
   * Mail, one queue per producer (decision 0041): a producer's Redis user reaches its own queue
   * only, and the mail worker sends from each only the kinds `MAIL_PRODUCERS` gives it.
   */
  mailAccounts: 'mail-accounts',
  mailRankings: 'mail-rankings',
  /**
   * The one mail queue of before decision 0041. The mail worker drains it for one release, so the
   * mails that pods of the previous version queue during the upgrade are sent; only the mail
   * process's Redis user may touch it. Remove it with the next release.
   */
  legacyMail: 'mail',
  searchIndex: 'search-index',
  /** Accounts' delayed job at a discontinued member's final date. */
  memberDeletion: 'member-deletion',
  /** Search deletes a deleted member's analytics (recent searches, clicks). */
  searchMemberDeletion: 'search-member-deletion',
  /** Search's repeatable sweep of analytics older than their retention. */
  searchAnalyticsRetention: 'search-analytics-retention',
  /** The import's moved companies of a new period, for accounts to alert followers. */
  rankAlerts: 'rank-alerts',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];
