import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  followersOfRequestSchema,
  followSchema,
  Patterns,
  uprightCidSchema,
  type ResponseOf,
} from '@upright/contracts';
import { parseMessage } from '@upright/platform';
import { forMember, memberMessage } from '../members/member-message.schemas';
import { FollowsService } from './follows.service';

const followMessage = memberMessage.extend(followSchema.shape);
const unfollowMessage = forMember({ upright_cid: uprightCidSchema });

/**
 * Following companies: the member is the session's, as for every member call; and how many
 * members a publish of the editors' desk would alert (decision 0077 §4).
 */
@Controller()
export class FollowsController {
  constructor(private readonly follows: FollowsService) {}

  @MessagePattern(Patterns.accounts.follows)
  list(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.follows>> {
    return this.follows.list(parseMessage(memberMessage, data).uid);
  }

  @MessagePattern(Patterns.accounts.follow)
  follow(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.follow>> {
    const { uid, ...follow } = parseMessage(followMessage, data);
    return this.follows.follow(uid, follow);
  }

  @MessagePattern(Patterns.accounts.unfollow)
  unfollow(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.unfollow>> {
    const { uid, upright_cid } = parseMessage(unfollowMessage, data);
    return this.follows.unfollow(uid, upright_cid);
  }

  @MessagePattern(Patterns.accounts.followersOf)
  followersOf(@Payload() data: unknown): Promise<ResponseOf<typeof Patterns.accounts.followersOf>> {
    return this.follows.followersOf(parseMessage(followersOfRequestSchema, data).upright_cids);
  }
}
