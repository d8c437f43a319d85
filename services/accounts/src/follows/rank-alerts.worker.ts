import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import {
  MailKinds,
  mailJobId,
  Queues,
  rankAlertsJobSchema,
  type RankAlertsJobData,
} from '@upright/contracts';
import { bullmqOptions, SERVICE_CONFIG } from '@upright/platform';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { AccountsConfig } from '../config/accounts-config';
import { MailOutbox } from '../queues/mail-outbox';
import { FollowsRepository } from './follows.repository';
import { movesByCompany, rankAlertsOf } from './rank-alerts';

/**
 * Fans a `rank-alerts` job (an import's new period) out to the followers of each moved company:
 * one `rank-alert` mail job each, with the id `mailJobId.rankAlert(member, company, period)`.
 * A retried or repeated job adds the same ids, which BullMQ ignores, so nobody is mailed twice
 * about one company and period (decision 0037).
 */
@Injectable()
export class RankAlertsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RankAlertsWorker.name);
  private worker?: Worker<RankAlertsJobData, number>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AccountsConfig,
    private readonly follows: FollowsRepository,
    private readonly mail: MailOutbox,
  ) {}

  /** Queues the mails of one job; returns how many alerts it named (already queued ones too). */
  async fanOut(job: RankAlertsJobData): Promise<number> {
    const moved = movesByCompany(job);
    const alerts = rankAlertsOf(job, await this.follows.followersOf([...moved.keys()]));
    for (const alert of alerts) {
      await this.mail.send(
        MailKinds.rankAlert,
        {
          recipient: this.mail.recipient(alert.follower),
          company: alert.company,
          period: job.period,
          moves: alert.moves,
        },
        mailJobId.rankAlert(alert.follower.uid, alert.company.upright_cid, job.period),
      );
    }
    return alerts.length;
  }

  onApplicationBootstrap(): void {
    if (this.worker) return;
    this.worker = new Worker<RankAlertsJobData, number>(
      Queues.rankAlerts,
      async (job: Job<RankAlertsJobData>) => {
        const parsed = rankAlertsJobSchema.safeParse(job.data);
        if (!parsed.success) {
          // Retrying cannot fix it: fail for good, naming the fields (not their values).
          const fields = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
          throw new UnrecoverableError(`malformed rank-alerts job: ${fields}`);
        }
        const sent = await this.fanOut(parsed.data);
        this.logger.log(`rank alerts job ${job.id}: ${sent} alerts queued`);
        return sent;
      },
      bullmqOptions(this.config),
    );
    this.worker.on('failed', (job, error) =>
      this.logger.warn(`rank alerts job ${job?.id} failed: ${error.message}`),
    );
    this.worker.on('error', (error) => this.logger.warn(`rank alerts worker: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
