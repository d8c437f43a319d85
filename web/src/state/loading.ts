import { useSyncExternalStore } from 'react';
import { LOADER_STOP_MS } from '../lib/constants';
import { createStore } from './store';

/**
 * docs/product/spec.md#s4 loader: starts on each request and stops about 600 ms after it ends (2500
 * ms after hash validation, 3000 ms after sign-up). `dim` is set by form submissions, which dim the
 * page.
 */
export interface LoadingState {
  active: boolean;
  dim: boolean;
}

let running = 0;
let dimmed = 0;
const IDLE: LoadingState = { active: false, dim: false };
const store = createStore<LoadingState>(IDLE);

function publish(): void {
  const current = store.get();
  const next = { active: running > 0, dim: dimmed > 0 };
  if (current.active !== next.active || current.dim !== next.dim) store.set(next);
}

export type LoaderStop = keyof typeof LOADER_STOP_MS;

/** Marks a request as running; the returned function ends it after the spec's delay. */
export function startLoading(options: { dim?: boolean; stop?: LoaderStop } = {}): () => void {
  running += 1;
  if (options.dim) dimmed += 1;
  publish();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    setTimeout(
      () => {
        running = Math.max(0, running - 1);
        if (options.dim) dimmed = Math.max(0, dimmed - 1);
        publish();
      },
      LOADER_STOP_MS[options.stop ?? 'default'],
    );
  };
}

export const loadingStore = store;

export function useLoading(): LoadingState {
  // A server-made page is sent, and adopted, with nothing loading.
  return useSyncExternalStore(store.subscribe, store.get, () => IDLE);
}
