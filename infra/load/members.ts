/**
 * Members for the load and chaos runs: captchas solved in this process (Node's sha256) and sign-ups
 * through the same journey code the k6 scenarios use.
 */
import { createHash } from 'node:crypto';
import { altchaPayload, type AltchaChallenge } from '../k6/lib/altcha';
import { newMember, signUpMember, type Member } from '../k6/lib/journeys';
import { newRecorder, nodeClient } from './http-client';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();

/** The ALTCHA payload for a challenge, worked out on this thread. */
export function solveCaptcha(challenge: unknown): string {
  return altchaPayload(challenge as AltchaChallenge, sha256);
}

/**
 * Signs `count` members up one after the other. A fresh stack may shed its first requests: up to
 * `retries` failed sign-ups are tried again a second later; the rest are left out. A site in
 * load-test mode by token gets it in every request (`loadTestToken`).
 */
export async function signUpMembers(
  baseUrl: string,
  count: number,
  tag: string,
  retries = 0,
  loadTestToken?: string,
): Promise<Member[]> {
  const members: Member[] = [];
  let retriesLeft = retries;
  for (let i = 0; i < count; i++) {
    const member = newMember(`${tag}-${Date.now().toString(36)}-${i}`);
    const joined = await signUpMember(
      {
        client: nodeClient({
          baseUrl,
          journey: 'signup',
          recorder: newRecorder(),
          thinkScale: 0,
          loadTestToken,
        }),
        random: Math.random,
        solveCaptcha,
        uniqueId: () => String(i),
        memo: {},
      },
      member,
    );
    if (joined) members.push(member);
    else if (retriesLeft-- > 0) {
      i--;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return members;
}
