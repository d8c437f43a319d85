import { Injectable } from '@nestjs/common';
import type { IssueWeights } from '@upright/contracts';
import type { Request } from 'express';

/**
 * The seam for personal rankings: the priority values of the signed-in member making the
 * request, or null for a visitor (who gets no `pranked`). Until accounts and the auth guard
 * exist (issue 4) every caller is a visitor. Then: read the authenticated user from the request,
 * ask accounts for their saved priorities, and return them as issue weights (null unless the
 * member has saved priorities, decisions §5 rule 7).
 */
@Injectable()
export class MemberValues {
  async of(_request: Request): Promise<IssueWeights | null> {
    return null;
  }
}
