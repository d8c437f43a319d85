import { Injectable } from '@nestjs/common';
import {
  FOLLOWS_MAX,
  type FollowersOfResponse,
  type FollowRequest,
  type FollowsResponse,
} from '@upright/contracts';
import { remoteError } from '@upright/platform';
import { FollowsRepository } from './follows.repository';

/** Following companies: a member follows at most FOLLOWS_MAX of them. */
@Injectable()
export class FollowsService {
  constructor(private readonly follows: FollowsRepository) {}

  list(uid: string): Promise<FollowsResponse> {
    return this.follows.list(uid);
  }

  async follow(uid: string, follow: FollowRequest): Promise<FollowsResponse> {
    const { follows } = await this.follows.list(uid);
    const already = follows.some((entry) => entry.upright_cid === follow.upright_cid);
    if (!already && follows.length >= FOLLOWS_MAX) {
      throw remoteError(
        'validation_failed',
        `You can follow at most ${FOLLOWS_MAX} companies. Unfollow one first.`,
        'company',
      );
    }
    await this.follows.add(uid, follow);
    return this.follows.list(uid);
  }

  async followersOf(uprightCids: readonly string[]): Promise<FollowersOfResponse> {
    return { members: await this.follows.countAlerted(uprightCids) };
  }

  async unfollow(uid: string, uprightCid: string): Promise<FollowsResponse> {
    await this.follows.remove(uid, uprightCid);
    return this.follows.list(uid);
  }
}
