import { Controller, Delete, Get, Param, Put, UseGuards } from '@nestjs/common';
import {
  followsAnswerSchema,
  Patterns,
  uprightCidSchema,
  type FollowsResponse,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import { z } from 'zod';
import { CurrentMember, MemberGuard, type AuthenticatedMember } from '../auth';
import { notFound } from '../shared/api-exceptions';
import { companyPageParams, requireCoveredMarket } from '../shared/route-params';
import { IdempotencyDigest } from '../idempotency';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';

const unfollowParams = z.object({ cid: uprightCidSchema });

/**
 * Following companies (decision 0037): the member is the session's; writes need the
 * CSRF header like every cookie-authenticated write. Follows are private (`no-store`).
 */
@Controller('api')
@UseGuards(MemberGuard)
export class FollowsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('follows')
  @Operation({
    summary: 'The companies the member follows',
    answer: followsAnswerSchema,
  })
  list(@CurrentMember() member: AuthenticatedMember): Promise<FollowsResponse> {
    return this.services.request(Patterns.accounts.follows, { uid: member.uid });
  }

  /** Follows the company of this company page; 404 naming `company` when there is none. */
  @Put('follows/:market/:industry/:company')
  @Operation({
    summary: 'Follows the company of this company page',
    answer: followsAnswerSchema,
  })
  async follow(
    @CurrentMember() member: AuthenticatedMember,
    @Param(new ZodValidationPipe(companyPageParams)) params: z.output<typeof companyPageParams>,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<FollowsResponse> {
    requireCoveredMarket('market', params.market);
    const detail = await this.services.request(Patterns.rankings.companyDetail, {
      industry: params.industry,
      company: params.company,
    });
    if (detail === null) {
      throw notFound('company', `Unknown company "${params.company}" in "${params.industry}"`);
    }
    return this.services.request(Patterns.accounts.follow, {
      uid: member.uid,
      upright_cid: detail.upright_cid,
      company_name: detail.company_name,
      industry: params.industry,
      slug: detail.slug,
      idempotencyKey,
    });
  }

  @Delete('follows/:cid')
  @Operation({
    summary: 'Stops following a company',
    answer: followsAnswerSchema,
  })
  unfollow(
    @CurrentMember() member: AuthenticatedMember,
    @Param(new ZodValidationPipe(unfollowParams)) params: z.output<typeof unfollowParams>,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<FollowsResponse> {
    return this.services.request(Patterns.accounts.unfollow, {
      uid: member.uid,
      upright_cid: params.cid,
      idempotencyKey,
    });
  }
}
