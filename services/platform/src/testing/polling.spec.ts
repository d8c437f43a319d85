import { eventually } from './polling';

describe('eventually', () => {
  it('returns the first truthy value of the condition', async () => {
    let calls = 0;
    const value = await eventually('the third call', () => (++calls === 3 ? { calls } : false));
    expect(value).toEqual({ calls: 3 });
  });

  it('waits for an async condition', async () => {
    let calls = 0;
    await expect(eventually('two calls', async () => ++calls >= 2)).resolves.toBe(true);
  });

  it('fails naming what it waited for once the time is up', async () => {
    await expect(eventually('the impossible', () => null, 120)).rejects.toThrow(
      'Timed out waiting for the impossible',
    );
  });
});
