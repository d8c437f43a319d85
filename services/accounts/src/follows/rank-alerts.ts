import type { MailJobData, RankAlertsJobData } from '@upright/contracts';

/** A member following one company, with what a mail to them needs. */
export interface Follower {
  uid: string;
  email: string;
  firstName: string;
  upright_cid: string;
}

/** One alert to send: a member, a company, and its moves in the job's period. */
export interface RankAlert {
  follower: Follower;
  company: MailJobData['rank-alert']['company'];
  moves: MailJobData['rank-alert']['moves'];
}

/**
 * Each moved company of a rank-alerts job with its moves in every industry of the job, industry
 * order (decision 0037: one mail per member, company and period lists them all).
 */
export function movesByCompany(job: RankAlertsJobData): Map<string, Omit<RankAlert, 'follower'>> {
  const byCompany = new Map<string, Omit<RankAlert, 'follower'>>();
  for (const industry of job.industries) {
    for (const move of industry.moves) {
      if (move.from === move.to) continue;
      const entry = byCompany.get(move.upright_cid) ?? {
        company: { upright_cid: move.upright_cid, company_name: move.company_name },
        moves: [],
      };
      entry.moves.push({
        industry: industry.industry,
        industry_text: industry.industry_text,
        slug: move.slug,
        from: move.from,
        to: move.to,
        of: move.of,
      });
      byCompany.set(move.upright_cid, entry);
    }
  }
  return byCompany;
}

/**
 * The alerts of a job: one per (follower, moved company). Followers of a company that did not
 * move, or that the job does not name, get nothing.
 */
export function rankAlertsOf(job: RankAlertsJobData, followers: readonly Follower[]): RankAlert[] {
  const moved = movesByCompany(job);
  const seen = new Set<string>();
  const alerts: RankAlert[] = [];
  for (const follower of followers) {
    const entry = moved.get(follower.upright_cid);
    const key = `${follower.uid} ${follower.upright_cid}`;
    if (!entry || seen.has(key)) continue;
    seen.add(key);
    alerts.push({ follower, ...entry });
  }
  return alerts;
}
