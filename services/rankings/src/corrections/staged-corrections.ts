import type { Prisma, PrismaClient } from '../generated/prisma/client';
import { resolutionMail, withRequester, type ResolutionMail } from './resolution-mail';
import { RESOLVING_FIELDS } from './corrections.repository';

type Tx = Prisma.TransactionClient;

/** What a request staged in a draft holds of the admin's acceptance, cleared when it reopens. */
const STAGED_CHANGE_CLEARED = {
  status: 'open',
  stagedVersion: null,
  resolutionReason: null,
  resolvedBy: null,
  correctedField: null,
  beforeValue: null,
  afterValue: null,
  sourceUrl: null,
} satisfies Prisma.CorrectionRequestUpdateManyMutationInput;

/**
 * The accepted correction requests a draft carries (decision 0077), as the editors' desk moves
 * them: each change in the transaction of the desk's own step (publish, discard, a stage that
 * replaces the draft), so a request's state and the draft's never disagree. Every step that
 * changes them holds the draft's row (`FOR UPDATE`) first, so they never race each other.
 */
export class StagedCorrections {
  constructor(private readonly db: PrismaClient) {}

  /** How many accepted requests draft `versionId` carries. */
  count(versionId: number): Promise<number> {
    return this.db.correctionRequest.count({
      where: { status: 'staged', stagedVersion: BigInt(versionId) },
    });
  }

  /** A correction merged into the draft replaced it: the requests it carried ride in the new one. */
  async move(tx: Tx, from: number, to: number): Promise<number> {
    const { count } = await tx.correctionRequest.updateMany({
      where: { status: 'staged', stagedVersion: BigInt(from) },
      data: { stagedVersion: BigInt(to) },
    });
    return count;
  }

  /**
   * The draft is discarded, or replaced by an uploaded file that does not carry its corrections:
   * they are open again, back in the admins' queue, their staged change cleared.
   */
  async reopen(tx: Tx, versionId: number): Promise<number> {
    const { count } = await tx.correctionRequest.updateMany({
      where: { status: 'staged', stagedVersion: BigInt(versionId) },
      data: STAGED_CHANGE_CLEARED,
    });
    return count;
  }

  /**
   * Draft `versionId` is published: every request it carries is accepted now and its requester
   * erased (decision 0038). Returns their "correction-resolved" mails, read before the erasure,
   * for the publish to queue in its transaction.
   */
  async accept(tx: Tx, versionId: number): Promise<ResolutionMail[]> {
    const where = { status: 'staged', stagedVersion: BigInt(versionId) };
    const rows = await tx.correctionRequest.findMany({
      where,
      select: RESOLVING_FIELDS,
      orderBy: { id: 'asc' },
    });
    if (rows.length === 0) return [];
    const resolvedAt = new Date();
    await tx.correctionRequest.updateMany({
      where,
      data: { status: 'accepted', resolvedAt, requesterName: null, requesterEmail: null },
    });
    return rows.map((row) => {
      const named = withRequester(row);
      if (named === null) throw new Error(`staged correction ${row.id} without its requester`);
      return resolutionMail({ ...named, status: 'accepted', resolvedAt });
    });
  }
}
