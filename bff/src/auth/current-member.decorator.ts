import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { AuthenticatedMember } from './authenticated-member';
import { MEMBER_OF_REQUEST, type RequestWithMember } from './guards';

/** The member a guard attached: always set behind MemberGuard/AdminGuard, null for visitors. */
export const CurrentMember = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthenticatedMember | null =>
    context.switchToHttp().getRequest<RequestWithMember>()[MEMBER_OF_REQUEST] ?? null,
);
