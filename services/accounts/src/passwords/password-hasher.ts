import { Injectable } from '@nestjs/common';
import { Algorithm } from '@node-rs/argon2';
import { ERROR_TEXTS } from '@upright/contracts';
import { remoteError } from '@upright/platform';
import { PasswordAdmission } from './password-admission';
import { PasswordThreads } from './password-threads';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = {
  algorithm: Algorithm.Argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Verified against when an email is unknown, so that a sign-in takes as long whether or not
 * the account exists.
 */
let decoyHash: Promise<string> | undefined;

/**
 * Every hash and verification is admitted by PasswordAdmission first (decision 0059) and
 * runs on a password thread (PasswordThreads, decision 0065).
 */
@Injectable()
export class PasswordHasher {
  constructor(
    private readonly admission: PasswordAdmission,
    private readonly threads: PasswordThreads,
  ) {}

  /** Refuses at once when a hash or verification would be refused now (before its lookups). */
  refuseWhenFull(): void {
    this.admission.refuseWhenFull();
  }

  hash(password: string): Promise<string> {
    return this.admission.run(() => this.threads.hash(password, ARGON2ID));
  }

  /**
   * An unknown email is admitted (or refused) as a known one is, so that neither the answer nor
   * its time tells them apart.
   */
  verify(passwordHash: string | null, password: string): Promise<boolean> {
    return this.admission.run(async () => {
      if (passwordHash === null) {
        // A decoy lost with its thread is made again by the next unknown email.
        decoyHash ??= this.threads
          .hash('decoy password never matches', ARGON2ID)
          .catch((error: unknown) => {
            decoyHash = undefined;
            throw error;
          });
        await this.threads.verify(await decoyHash, password);
        return false;
      }
      return this.threads.verify(passwordHash, password).catch(() => false);
    });
  }

  /**
   * Re-authentication before a sensitive change (settings, discontinuation): a wrong password
   * is `validation_failed` naming `field`, so the BFF counts it against the member's budget.
   */
  async confirm(passwordHash: string, password: string, field: string): Promise<void> {
    if (!(await this.verify(passwordHash, password))) {
      throw remoteError('validation_failed', `${field} ${ERROR_TEXTS.wrongPassword}`, field);
    }
  }
}
