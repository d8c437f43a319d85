/**
 * BullMQ queues: work that must happen at least once, with retries (decisions §2). Each queue's
 * job names and payloads live in the file named after it.
 */
export const Queues = {
  mail: 'mail',
  searchIndex: 'search-index',
  memberDeletion: 'member-deletion',
} as const;
export type QueueName = (typeof Queues)[keyof typeof Queues];

export * from './mail';
