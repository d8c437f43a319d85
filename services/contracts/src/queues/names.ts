/**
 * BullMQ queues: work that must happen at least once, with retries (docs/product/rules.md#s2). Each
 * queue's job names and payloads live in the file named after it.
 */
export const Queues = {
  mail: 'mail',
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
