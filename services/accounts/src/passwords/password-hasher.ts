import { Injectable } from '@nestjs/common';
import { Algorithm, hash, verify } from '@node-rs/argon2';

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

@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password, ARGON2ID);
  }

  async verify(passwordHash: string | null, password: string): Promise<boolean> {
    if (passwordHash === null) {
      decoyHash ??= hash('decoy password never matches', ARGON2ID);
      await verify(await decoyHash, password);
      return false;
    }
    return verify(passwordHash, password).catch(() => false);
  }
}
