import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_RETRIES, searchFetch, searchRetryWaitMs } from './search-fetch';

describe('searchRetryWaitMs', () => {
  it('waits out a short Retry-After of a refusal, with up to half again of jitter', () => {
    const wait = searchRetryWaitMs(503, '1')!;
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(wait).toBeLessThanOrEqual(1500);
  });

  it('leaves a long wait (a store outage) and a 503 without Retry-After to the visitor', () => {
    expect(searchRetryWaitMs(503, '15')).toBeNull();
    expect(searchRetryWaitMs(503, null)).toBeNull();
    expect(searchRetryWaitMs(503, 'soon')).toBeNull();
  });

  it('asks again after a second when no answer, a 502 or a 504 came', () => {
    for (const status of [0, 502, 504]) {
      expect(searchRetryWaitMs(status, null)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('never asks again after an answer or a client error', () => {
    for (const status of [200, 400, 403, 404, 429, 500]) {
      expect(searchRetryWaitMs(status, '1')).toBeNull();
    }
  });
});

describe('searchFetch', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const answer = (status: number, retryAfter?: string) =>
    new Response('{}', { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} });

  it('asks a refused search again after Retry-After and gives the answer that came', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(503, '1'))
      .mockResolvedValueOnce(answer(200));
    vi.stubGlobal('fetch', fetch);
    const pending = searchFetch('/api/search/companies/_reactivesearch', { method: 'POST' });
    await vi.advanceTimersByTimeAsync(1600);
    expect((await pending).status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives the last failure once its retries are spent', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn().mockImplementation(async () => answer(504));
    vi.stubGlobal('fetch', fetch);
    const pending = searchFetch('/x', {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await pending).status).toBe(504);
    expect(fetch).toHaveBeenCalledTimes(SEARCH_RETRIES + 1);
  });

  it('asks again when no answer came, and stops at once when the request is aborted', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200));
    vi.stubGlobal('fetch', fetch);
    const pending = searchFetch('/x', {});
    await vi.advanceTimersByTimeAsync(1600);
    expect((await pending).status).toBe(200);

    const controller = new AbortController();
    fetch.mockResolvedValueOnce(answer(503, '1'));
    const aborted = searchFetch('/x', { signal: controller.signal });
    const outcome = aborted.then(
      () => 'answered',
      () => 'aborted',
    );
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect(await outcome).toBe('aborted');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
