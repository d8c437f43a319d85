/**
 * Public data versions and the broadcast stream (docs/product/rules.md#s11). Every process that
 * changes what a visitor can read moves a version; every BFF replica keys its cached answers with
 * the versions and hears each move on the broadcast stream, which unlike a transport event is read
 * by every replica (no consumer group). Changes of members (sessions revoked, priorities saved,
 * discontinuation) travel the same stream so that no replica keeps a verified session that no
 * longer says the truth.
 */

/**
 * What a version covers: `data` = rankings, reports and averages; `search` = the search indices;
 * `corrections` = the public corrections ledgers, moved by every request and decision without
 * dropping the site's other kept answers.
 */
export const PUBLIC_DATA_DOMAINS = ['data', 'search', 'corrections'] as const;
export type PublicDataDomain = (typeof PUBLIC_DATA_DOMAINS)[number];

export type PublicVersions = { [D in PublicDataDomain]: string };

/** One entry of the broadcast stream (its fields, flat strings in Redis). */
export type PublicBroadcast =
  | { kind: 'version'; domain: PublicDataDomain; version: string }
  | { kind: 'member-changed'; uid: string };

export function publicDataKeys(transportPrefix: string) {
  return {
    /**
     * A domain's version (a counter started at the time it was created, see platform): one key
     * per domain, so that each producer's Redis user may move its own domains' only (decision 0072).
     */
    version: (domain: PublicDataDomain) => `${transportPrefix}:public:version:${domain}`,
    broadcast: `${transportPrefix}:public:broadcast`,
    /** The members' averages that visitors' rankings use, as published (JSON `Averages`). */
    publishedAverages: `${transportPrefix}:public:averages`,
    /**
     * Decision 0055's monthly rule: the latest publication, a preview that weighs no ranking
     * until the 1st of the next month.
     */
    previewAverages: `${transportPrefix}:public:averages:preview`,
    /**
     * Averages computed but not published yet, and when they are due (batching,
     * docs/product/rules.md#s11).
     */
    pendingAverages: `${transportPrefix}:public:averages:pending`,
    averagesDue: `${transportPrefix}:public:averages:due`,
    /** How many members the pending averages count (moves with them; the methodology page's history). */
    pendingAveragesMembers: `${transportPrefix}:public:averages:pending-members`,
  };
}
