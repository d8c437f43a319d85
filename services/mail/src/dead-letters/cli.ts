/**
 * `make mail-retry [ID=<job id>]`: puts dead-lettered mails back in the queue (all, or the
 * given ids) with a fresh set of attempts. `list` prints them. Needs only REDIS_URL and
 * QUEUE_PREFIX, so it works while the mail service is down.
 */
import { Queues } from '@upright/contracts';
import {
  bullmqOptions,
  commonConfigSchema,
  loadConfigOrExit,
  queueConfigSchema,
} from '@upright/platform';
import { Queue } from 'bullmq';
import { listDeadLetters, retryDeadLetters } from './dead-letters';

const cliConfigSchema = commonConfigSchema
  .pick({ REDIS_URL: true })
  .extend(queueConfigSchema.shape);

async function main(): Promise<void> {
  const [command, ...ids] = process.argv.slice(2);
  if (command !== 'list' && command !== 'retry') {
    console.error('usage: cli.js list | retry [job id ...]');
    process.exit(2);
  }
  const config = loadConfigOrExit('mail', cliConfigSchema);
  const queue = new Queue(Queues.mail, bullmqOptions(config));
  try {
    if (command === 'list') {
      console.log(JSON.stringify(await listDeadLetters(queue), null, 2));
    } else {
      const { retried, notDeadLetters, redacted } = await retryDeadLetters(queue, ids);
      console.log(`[mail] ${retried.length} dead letter(s) queued again`);
      for (const id of retried) console.log(`  ${id}`);
      if (redacted.length > 0) {
        console.error(
          `[mail] redacted after their last attempt, the member must ask again: ${redacted.join(', ')}`,
        );
        process.exitCode = 1;
      }
      if (notDeadLetters.length > 0) {
        console.error(`[mail] not dead letters: ${notDeadLetters.join(', ')}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await queue.close();
  }
}

void main();
