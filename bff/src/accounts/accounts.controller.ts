import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  averagesAnswerSchema,
  cancelDiscontinueAnswerSchema,
  crowdAveragesAnswerSchema,
  discontinueAnswerSchema,
  discontinueBodySchema,
  linkHashSchema,
  Patterns,
  prioritiesAnswerSchema,
  prioritiesBodySchema,
  prioritiesSavedAnswerSchema,
  resetBodySchema,
  resetPasswordBodySchema,
  settingsAnswerSchema,
  settingsBodySchema,
  settingsSavedAnswerSchema,
  strictBody,
  unsubscribeBodySchema,
  userAnswerSchema,
  type Averages,
  type CancelDiscontinueResponse,
  type CrowdAverages,
  type DiscontinueBody,
  type DiscontinueResponse,
  type PrioritiesBody,
  type PrioritiesResponse,
  type PrioritiesSaved,
  type ResetPasswordRequest,
  type Settings,
  type SettingsBody,
  type SettingsSaved,
  type UnsubscribeRequest,
  type User,
} from '@upright/contracts';
import { ServiceClient } from '@upright/platform';
import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  accountKeys,
  AllowDiscontinued,
  CsrfIssuer,
  CurrentMember,
  MemberGuard,
  PasswordLaneGuard,
  RateLimit,
  RateLimitGuard,
  RateLimits,
  SessionAuthenticator,
  type AuthenticatedMember,
  CaptchaService,
} from '../auth';
import { IdempotencyDigest } from '../idempotency';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { Operation } from '../shared/operation.decorator';
import { PublicAnswer } from '../shared/public-answer.decorator';

/** PUT /api/canceldiscontinue carries no data: an empty body or `{}`. */
const emptyBody = strictBody({}).optional();

/**
 * docs/product/spec.md#s7 account calls. The member is always the session's (`@CurrentMember()`);
 * no body or path names a member, and bodies with unknown fields are refused by their schemas.
 */
@Controller('api')
export class AccountsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly authenticator: SessionAuthenticator,
    private readonly captcha: CaptchaService,
    private readonly csrf: CsrfIssuer,
    private readonly limits: RateLimits,
  ) {}

  @PublicAnswer({ domain: 'data', personal: false })
  @Get('averages')
  @Operation({
    summary: "The crowd's average priorities, which weigh visitors' rankings",
    answer: averagesAnswerSchema,
  })
  averages(): Promise<Averages> {
    return this.services.request(Patterns.accounts.averages, {});
  }

  /**
   * The crowd's weights in the open: kept per `data` version, which every
   * publication of averages moves, so it follows them like the rankings do.
   */
  @PublicAnswer({ domain: 'data', personal: false })
  @Get('averages/history')
  @Operation({
    summary: 'The published crowd averages over time',
    answer: crowdAveragesAnswerSchema,
  })
  averagesHistory(): Promise<CrowdAverages> {
    return this.services.request(Patterns.accounts.averagesHistory, {});
  }

  @Get('user')
  @Operation({
    summary: 'The signed-in member',
    answer: userAnswerSchema,
  })
  @UseGuards(MemberGuard)
  @AllowDiscontinued()
  user(@CurrentMember() member: AuthenticatedMember): Promise<User> {
    return this.services.request(Patterns.accounts.user, { uid: member.uid });
  }

  /** docs/product/spec.md#s7 "body user": the member is the session's; the body is not read. */
  @Post('welcome')
  @Operation({
    summary: 'Sends the welcome mail once',
    answer: z.object({ queued: z.boolean() }),
  })
  @HttpCode(200)
  @UseGuards(MemberGuard)
  welcome(@CurrentMember() member: AuthenticatedMember): Promise<{ queued: boolean }> {
    return this.services.request(Patterns.accounts.welcome, { uid: member.uid });
  }

  @Get('priorities')
  @Operation({
    summary: "The member's priority values",
    answer: prioritiesAnswerSchema,
  })
  @UseGuards(MemberGuard)
  priorities(@CurrentMember() member: AuthenticatedMember): Promise<PrioritiesResponse> {
    return this.services.request(Patterns.accounts.priorities, { uid: member.uid });
  }

  @Put('priorities')
  @Operation({
    summary: "Saves the member's priority values",
    answer: prioritiesSavedAnswerSchema,
  })
  @UseGuards(MemberGuard)
  savePriorities(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodValidationPipe(prioritiesBodySchema)) values: PrioritiesBody,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<PrioritiesSaved> {
    return this.services.request(Patterns.accounts.savePriorities, {
      uid: member.uid,
      values,
      idempotencyKey,
    });
  }

  @Get('settings')
  @Operation({
    summary: "The member's settings",
    answer: settingsAnswerSchema,
  })
  @UseGuards(MemberGuard)
  settings(@CurrentMember() member: AuthenticatedMember): Promise<Settings> {
    return this.services.request(Patterns.accounts.settings, { uid: member.uid });
  }

  @Put('settings')
  @Operation({
    summary: "Changes the member's settings (a new password needs the current one)",
    answer: settingsSavedAnswerSchema,
  })
  @UseGuards(MemberGuard)
  saveSettings(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodValidationPipe(settingsBodySchema)) changes: SettingsBody,
    @Res({ passthrough: true }) response: Response,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<SettingsSaved> {
    const save = () =>
      this.services.request(Patterns.accounts.saveSettings, {
        uid: member.uid,
        token: member.token,
        changes,
        idempotencyKey,
      });
    // A stolen session must not become a password oracle: wrong current passwords are counted.
    return changes.current_password === undefined
      ? save()
      : this.limits.forAccount(accountKeys.member(member.uid), response, save);
  }

  /**
   * docs/product/spec.md#s4: the request ends the session, so the cookie goes too. The password
   * confirms it (re-authentication: a borrowed session alone cannot end an account).
   */
  @Put('discontinue')
  @Operation({
    summary: 'Asks to discontinue the membership (confirmed by the password)',
    answer: discontinueAnswerSchema,
  })
  @UseGuards(MemberGuard)
  async discontinue(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodValidationPipe(discontinueBodySchema)) body: DiscontinueBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<DiscontinueResponse> {
    const answer = await this.limits.forAccount(accountKeys.member(member.uid), response, () =>
      this.services.request(Patterns.accounts.discontinue, {
        uid: member.uid,
        password: body.password,
      }),
    );
    this.authenticator.clearCookie(response);
    this.csrf.issue(request, response, null);
    return answer;
  }

  /** The overlay's "Continue" (docs/product/spec.md#s2): the session of the sign-in goes on. */
  @Put('canceldiscontinue')
  @Operation({
    summary: 'Cancels a pending discontinuation',
    answer: cancelDiscontinueAnswerSchema,
  })
  @UseGuards(MemberGuard)
  @AllowDiscontinued()
  cancelDiscontinue(
    @CurrentMember() member: AuthenticatedMember,
    @Body(new ZodValidationPipe(emptyBody)) _body: unknown,
  ): Promise<CancelDiscontinueResponse> {
    return this.services.request(Patterns.accounts.cancelDiscontinue, { uid: member.uid });
  }

  /** From a mail link; the signed key is the proof, no session needed. */
  @Post('unsubscribe')
  @Operation({
    summary: "Unsubscribes from mails with a mailed link's key",
    answer: z.object({ unsubscribed: z.literal(true) }),
  })
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('unsubscribe')
  unsubscribe(
    @Body(new ZodValidationPipe(unsubscribeBodySchema)) body: UnsubscribeRequest,
  ): Promise<{ unsubscribed: true }> {
    return this.services.request(Patterns.accounts.unsubscribe, body);
  }

  /** Same answer whether or not the email belongs to a member. */
  @Post('reset')
  @Operation({
    summary: 'Mails a password reset link (the same answer for any address)',
    answer: z.object({ resetSent: z.literal(true) }),
  })
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit('reset')
  async reset(
    @Body(new ZodValidationPipe(resetBodySchema)) body: z.output<typeof resetBodySchema>,
    @Res({ passthrough: true }) response: Response,
    @IdempotencyDigest() idempotencyKey: string | undefined,
  ): Promise<{ resetSent: true }> {
    await this.captcha.verify(body.altcha, idempotencyKey);
    // Bounds the reset mails one address receives, from however many client addresses.
    await this.limits.consume('resetMail', accountKeys.email(body.email), response);
    return this.services.request(Patterns.accounts.requestReset, {
      email: body.email,
      idempotencyKey,
    });
  }

  /** A malformed code is simply not valid (a mangled link), not a bad request. */
  @Get('validatehash/:hash')
  @Operation({
    summary: "Whether a password reset link's code is still valid",
    answer: z.object({ hashValid: z.boolean() }),
  })
  async validateHash(@Param('hash') hash: string): Promise<{ hashValid: boolean }> {
    if (!linkHashSchema.safeParse(hash).success) return { hashValid: false };
    return this.services.request(Patterns.accounts.validateResetHash, { hash });
  }

  /** The owner is back: the account's budget of wrong passwords starts again. */
  @Post('resetpassword')
  @Operation({
    summary: "Sets a new password with a reset link's code",
    answer: z.object({ success: z.literal(true) }),
  })
  @HttpCode(200)
  @UseGuards(PasswordLaneGuard, RateLimitGuard)
  @RateLimit('reset')
  async resetPassword(
    @Body(new ZodValidationPipe(resetPasswordBodySchema)) body: ResetPasswordRequest,
  ): Promise<{ success: true }> {
    const account = await this.services.request(Patterns.accounts.resetPassword, body);
    await this.limits.clearAccount(account);
    return { success: true };
  }
}
