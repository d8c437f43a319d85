import { Injectable } from '@nestjs/common';
import {
  ERROR_TEXTS,
  type AuthResponse,
  type SigninRequest,
  type SignupRequest,
  type User,
  type VerifyRequest,
} from '@upright/contracts';
import { remoteError } from '@upright/platform';
import { randomUUID } from 'node:crypto';
import { Transactions } from '../database/transactions';
import { emailTaken, isUniqueViolation, MembersRepository } from '../members/members.repository';
import { userDto } from '../members/user-dto';
import { checkNewPassword } from '../passwords/new-password';
import { PasswordHasher } from '../passwords/password-hasher';
import { PrioritiesRepository } from '../priorities/priorities.repository';
import { SessionsService } from '../sessions/sessions.service';
import { ageGateFailure } from './age-gate';
import { EmailVerifications } from './email-verifications';

/** Sign-up, sign-in and verification (docs/product/spec.md#s7, docs/product/rules.md#s8). */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly transactions: Transactions,
    private readonly priorities: PrioritiesRepository,
    private readonly members: MembersRepository,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly verifications: EmailVerifications,
  ) {}

  async signup(request: SignupRequest): Promise<AuthResponse> {
    const refused = ageGateFailure(request, new Date());
    if (refused) throw remoteError('validation_failed', refused.message, refused.field);
    checkNewPassword(request.password, 'password');
    this.passwords.refuseWhenFull();
    if (await this.members.findByEmail(request.email)) {
      throw emailTaken();
    }
    const passwordHash = await this.passwords.hash(request.password);
    const uid = randomUUID();
    try {
      const { user, token } = await this.transactions.run(async (tx) => {
        const created = await this.members.create(
          {
            uid,
            email: request.email,
            firstName: request.first_name,
            lastName: request.last_name,
            passwordHash,
            role: 'member',
            subscriber: request.subscriber,
            theme: 'light',
            welcomeSent: false,
            discontinue: false,
          },
          tx,
        );
        await this.priorities.createDefault(uid, tx);
        return { user: created, token: await this.sessions.open(uid, tx) };
      });
      await this.verifications.send(user);
      return { user: userDto(user), token };
    } catch (error) {
      // Two sign-ups with one email at once: the lower(email) unique index decides.
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async signin(request: SigninRequest): Promise<AuthResponse> {
    const user = await this.checkedCredentials(request, ERROR_TEXTS.signinFailed);
    // During the grace period the session opens too: the web shows the overlay from `user`,
    // and the BFF allows such a session only the overlay's calls.
    return { user: userDto(user), token: await this.sessions.open(user.uid) };
  }

  async verify(request: VerifyRequest): Promise<{ user: User }> {
    if ('hash' in request) {
      const uid = await this.verifications.consume(request.hash);
      if (uid === null)
        throw remoteError('validation_failed', ERROR_TEXTS.verifyHashInvalid, 'hash');
      return { user: userDto(await this.members.get(uid)) };
    }
    return { user: userDto(await this.checkedCredentials(request, ERROR_TEXTS.verifyFailed)) };
  }

  /** Same answer and about the same time whether the email is unknown or the password wrong. */
  private async checkedCredentials(request: SigninRequest, failure: string) {
    this.passwords.refuseWhenFull();
    const user = await this.members.findByEmail(request.email);
    const matches = await this.passwords.verify(user?.passwordHash ?? null, request.password);
    if (user === null || !matches) throw remoteError('unauthenticated', failure);
    return user;
  }
}
