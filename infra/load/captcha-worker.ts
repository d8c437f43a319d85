/**
 * Solves captchas off the main thread: the proof of work takes CPU seconds at production
 * difficulty, and on the main thread it would stall every request being timed.
 */
import { parentPort } from 'node:worker_threads';
import { solveCaptcha } from './members';

parentPort?.on('message', (message: { id: number; challenge: unknown }) => {
  try {
    parentPort?.postMessage({ id: message.id, payload: solveCaptcha(message.challenge) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: String(error) });
  }
});
