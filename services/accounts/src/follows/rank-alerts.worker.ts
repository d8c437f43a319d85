import { Logger } from '@nestjs/common';
import {
  MailKinds,
  mailJobId,
  rankAlertsJobs,
  type JobOf,
  type RankAlertsJobData,
} from '@upright/contracts';
import { QueueWorker, type QueueConsumer } from '@upright/platform';
import type { Job } from 'bullmq';
import { MailOutbox } from '../mail/mail.queue';
import { FollowsRepository } from './follows.repository';
import { movesByCompany, rankAlertsOf } from './rank-alerts';

/**
 * Fans a `rank-alerts` job (an import's new period) out to the followers of each moved company
 * whose email is verified now (`FollowsRepository.followersOf`): one `rank-alert` mail
 * job each, with the id `mailJobId.rankAlert(member, company, period)`.
 * A retried or repeated job adds the same ids, which BullMQ ignores, so nobody is mailed twice
 * about one company and period (decision 0037).
 */
@QueueWorker(rankAlertsJobs)
export class RankAlertsWorker implements QueueConsumer<typeof rankAlertsJobs> {
  private readonly logger = new Logger(RankAlertsWorker.name);

  constructor(
    private readonly follows: FollowsRepository,
    private readonly mail: MailOutbox,
  ) {}

  async process(job: JobOf<typeof rankAlertsJobs>, raw: Job): Promise<number> {
    const sent = await this.fanOut(job.data);
    this.logger.log(`rank alerts job ${raw.id}: ${sent} alerts queued`);
    return sent;
  }

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
}
