/**
 * The load tests' captcha solver (infra/k6/lib/altcha.ts) against altcha-lib, the library the
 * BFF issues and verifies challenges with: a solution it produces must verify, for real.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { altchaPayload, bytesToHex, hexToBytes, solveAltcha } from '../lib/altcha';

type AltchaLib = {
  createChallenge(options: Record<string, unknown>): Promise<unknown>;
  verifySolution(options: Record<string, unknown>): Promise<{ verified: boolean }>;
  randomInt(max: number, min?: number): number;
};
type ShaAlgorithm = { deriveKey: unknown };

// Resolved as the BFF resolves it, wherever npm placed it.
const bffDir = path.resolve(__dirname, '..', '..', '..', 'bff');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const altcha = require(require.resolve('altcha-lib', { paths: [bffDir] })) as AltchaLib;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { deriveKey } = require(
  require.resolve('altcha-lib/algorithms/sha', { paths: [bffDir] }),
) as ShaAlgorithm;

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const secret = 'a-test-secret-of-at-least-32-characters';

async function challenge(cost: number, counter: number) {
  return altcha.createChallenge({
    algorithm: 'SHA-256',
    cost,
    counter,
    deriveKey,
    expiresAt: new Date(Date.now() + 60_000),
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: secret,
  });
}

function decode(payload: string) {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
}

describe('ALTCHA solver of the load tests', () => {
  it.each([
    [1, 0],
    [1, 737],
    [5, 1200],
  ])(
    'finds the counter altcha-lib hid (cost %i, counter %i) and the BFF would accept it',
    async (cost, counter) => {
      const issued = await challenge(cost, counter);
      const payload = decode(altchaPayload(issued as never, sha256));
      expect(payload.solution.counter).toBe(counter);
      const result = await altcha.verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: secret,
      });
      expect(result.verified).toBe(true);
    },
  );

  it('solves a challenge whose signature was forged, which altcha-lib then refuses', async () => {
    const issued = (await challenge(1, 300)) as { signature: string };
    const forged = { ...issued, signature: '0'.repeat(64) };
    const payload = decode(altchaPayload(forged as never, sha256));
    const result = await altcha.verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: secret,
    });
    expect(result.verified).toBe(false);
  });

  it('gives up after maxCounter on a challenge nothing solves', async () => {
    const issued = (await challenge(1, 300)) as { parameters: Record<string, unknown> };
    const tampered = { ...issued, parameters: { ...issued.parameters, salt: '00'.repeat(16) } };
    expect(solveAltcha(tampered as never, sha256, 2000)).toBeNull();
    expect(() => altchaPayload(tampered as never, sha256, 2000)).toThrow('no counter');
  });

  it('refuses algorithms it does not implement', () => {
    const parameters = {
      algorithm: 'PBKDF2/SHA-256',
      nonce: '00',
      salt: '00',
      cost: 1,
      keyPrefix: '00',
    };
    expect(() => solveAltcha({ parameters }, sha256)).toThrow('unsupported captcha algorithm');
  });

  it('converts hex both ways', () => {
    expect(bytesToHex(hexToBytes('00ff10a7'))).toBe('00ff10a7');
  });
});
