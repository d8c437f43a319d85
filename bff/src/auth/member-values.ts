import { Injectable, Logger } from '@nestjs/common';
import type { IssueWeights } from '@upright/contracts';
import type { Request } from 'express';
import { SessionAuthenticator } from './session-authenticator';

/**
 * The seam for personal rankings: the priority values of the signed-in member making the request,
 * or null for a visitor (who gets no `pranked`), for a member who never saved priorities
 * (docs/product/rules.md#s5 rule 7) and for one whose discontinuation is pending. A ranking page
 * must not fail because accounts is away: it is then answered as for a visitor.
 */
@Injectable()
export class MemberValues {
  private readonly logger = new Logger(MemberValues.name);

  constructor(private readonly authenticator: SessionAuthenticator) {}

  async of(request: Request): Promise<IssueWeights | null> {
    try {
      const session = await this.authenticator.session(request);
      return session === null || session.discontinued ? null : session.weights;
    } catch (error) {
      this.logger.warn(`member values unavailable, ranking as a visitor: ${String(error)}`);
      return null;
    }
  }
}
