/**
 * `make mail-retry [ID=<job id>]`: puts dead-lettered mails back in their queues (all, or the
 * given ids) with a fresh set of attempts. `list` prints them. Reads every producer's mail
 * queue; needs only REDIS_URL and QUEUE_PREFIX, so it works while the mail service is down.
 */
import { commonConfigSchema, loadConfigOrExit, queueConfigSchema } from '@upright/platform';
import { listDeadLetters, retryDeadLetters } from './dead-letters';
import { openMailQueues } from './mail.queue';

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
  const producers = openMailQueues(config);
  const queues = producers.map((producer) => producer.queue);
  try {
    if (command === 'list') {
      console.log(JSON.stringify(await listDeadLetters(queues), null, 2));
    } else {
      const { retried, notDeadLetters, redacted } = await retryDeadLetters(queues, ids);
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
    await Promise.all(producers.map((producer) => producer.close()));
  }
}

void main();
