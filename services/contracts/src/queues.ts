/** BullMQ queues: work that must happen at least once, with retries (decisions §2). */
export const Queues = {
  mail: 'mail',
  searchIndex: 'search-index',
  memberDeletion: 'member-deletion',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];
