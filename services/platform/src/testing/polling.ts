export const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

type Maybe<T> = T | false | undefined | null;

/**
 * Polls until `condition` gives a truthy value and returns it; fails the test naming `what`
 * after `timeoutMs`. For states that settle in the background (a queue, a stream, a child).
 */
export async function eventually<T>(
  what: string,
  condition: () => Maybe<T> | Promise<Maybe<T>>,
  timeoutMs = 20_000,
): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await delay(50);
  }
}
