import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  FOLLOWS_MAX,
  followSchema,
  Patterns,
  uprightCidSchema,
  type ResponseOf,
} from '@upright/contracts';
import { parseMessage, remoteError } from '@upright/platform';
import { forMember, memberMessage } from '../messages/member-message';
import { FollowsRepository } from './follows.repository';

const followMessage = memberMessage.extend(followSchema.shape);
const unfollowMessage = forMember({ upright_cid: uprightCidSchema });

/** Following companies (issue 15): the member is the session's, as for every member call. */
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsRepository) {}

  @MessagePattern(Patterns.accounts.follows)
  list(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.follows>> {
    return this.follows.list(parseMessage(memberMessage, data).uid);
  }

  @MessagePattern(Patterns.accounts.follow)
  async follow(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.follow>> {
    const { uid, ...follow } = parseMessage(followMessage, data);
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

  @MessagePattern(Patterns.accounts.unfollow)
  async unfollow(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.unfollow>> {
    const { uid, upright_cid } = parseMessage(unfollowMessage, data);
    await this.follows.remove(uid, upright_cid);
    return this.follows.list(uid);
  }
}
