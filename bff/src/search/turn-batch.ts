/**
 * Items given during one turn of the event loop, sent together once the turn is done, in
 * batches of at most `maxSize`; each caller gets its own item's outcome (decision 0067).
 *
 * The flush is a `setImmediate`: it runs after the poll phase, so every request read from the
 * sockets that were ready in this turn has added its item. Under a crowd a turn reads tens of
 * sockets, so a batch holds tens of items; a lone request waits no timer, only the end of the
 * turn it arrived in.
 */
export class TurnBatch<Item, Outcome> {
  private waiting: Array<Waiting<Item, Outcome>> = [];

  /**
   * `send` answers one batch: an outcome per item, in the order given. Its failure (or an answer
   * of another length) fails every item of that batch alike.
   */
  constructor(
    private readonly maxSize: number,
    private readonly send: (items: Item[]) => Promise<readonly Outcome[]>,
  ) {
    if (!Number.isInteger(maxSize) || maxSize < 1) {
      throw new RangeError(`a batch holds at least one item, not ${maxSize}`);
    }
  }

  add(item: Item): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => this.flush());
      this.waiting.push({ item, resolve, reject });
    });
  }

  private flush(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (let start = 0; start < waiting.length; start += this.maxSize) {
      void this.sendBatch(waiting.slice(start, start + this.maxSize));
    }
  }

  private async sendBatch(batch: Array<Waiting<Item, Outcome>>): Promise<void> {
    let outcomes: readonly Outcome[];
    try {
      outcomes = await this.send(batch.map((waiting) => waiting.item));
      if (outcomes.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} was answered with ${outcomes.length}`);
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => waiting.resolve(outcomes[index]));
  }
}

interface Waiting<Item, Outcome> {
  item: Item;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}
