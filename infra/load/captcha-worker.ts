/**
 * Solves captchas off the main thread: the proof of work takes CPU seconds at production
 * difficulty, and on the main thread it would stall every request being timed.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { altchaPayload, type AltchaChallenge } from '../k6/lib/altcha';

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();

parentPort?.on('message', (message: { id: number; challenge: AltchaChallenge }) => {
  try {
    parentPort?.postMessage({ id: message.id, payload: altchaPayload(message.challenge, sha256) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: String(error) });
  }
});
