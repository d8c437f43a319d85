import { TurnBatch } from './turn-batch';

/** The batches `send` was given, and a batch that answers each item doubled. */
function doubling() {
  const sent: number[][] = [];
  const batch = new TurnBatch<number, number>(3, async (items) => {
    sent.push(items);
    return items.map((item) => item * 2);
  });
  return { batch, sent };
}

describe('TurnBatch', () => {
  it('sends the items added in one turn together, once the turn is done, and answers each its own', async () => {
    const { batch, sent } = doubling();
    const answers = Promise.all([batch.add(1), batch.add(2), batch.add(3)]);
    expect(sent).toEqual([]);
    await expect(answers).resolves.toEqual([2, 4, 6]);
    expect(sent).toEqual([[1, 2, 3]]);
  });

  it('splits a turn of more items than a batch holds, in the order added', async () => {
    const { batch, sent } = doubling();
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => batch.add(item)));
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(sent).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('sends the items of a later turn in a batch of their own', async () => {
    const { batch, sent } = doubling();
    await batch.add(1);
    await Promise.all([batch.add(2), batch.add(3)]);
    expect(sent).toEqual([[1], [2, 3]]);
  });

  it('fails every item of a batch whose sending fails, and only that batch', async () => {
    const failure = new Error('search is away');
    const batch = new TurnBatch<number, number>(2, async (items) => {
      if (items.includes(1)) throw failure;
      return items;
    });
    const outcomes = await Promise.allSettled([1, 2, 3].map((item) => batch.add(item)));
    expect(outcomes).toEqual([
      { status: 'rejected', reason: failure },
      { status: 'rejected', reason: failure },
      { status: 'fulfilled', value: 3 },
    ]);
  });

  it('fails the items of a batch answered with the wrong number of outcomes', async () => {
    const batch = new TurnBatch<number, number>(4, async () => [1]);
    const outcomes = await Promise.allSettled([batch.add(1), batch.add(2)]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toEqual(
      new Error('a batch of 2 was answered with 1'),
    );
  });

  it('refuses a batch size that could hold nothing', () => {
    const send = async (items: number[]) => items;
    expect(() => new TurnBatch(0, send)).toThrow(RangeError);
    expect(() => new TurnBatch(1.5, send)).toThrow(RangeError);
  });
});
