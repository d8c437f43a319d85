import { executionAsyncResource } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { holdTickEntryShape } from './tick-shape';

// V8 reads natives syntax in functions compiled after the flag is set.
setFlagsFromString('--allow-natives-syntax');
const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

/** A queue entry made now, as every `process.nextTick` makes one. */
function freshEntry(): Promise<object> {
  return new Promise((resolve) => process.nextTick(() => resolve(executionAsyncResource())));
}

describe('holdTickEntryShape', () => {
  it('holds a nextTick queue entry of the shape every new entry gets', async () => {
    const held = await holdTickEntryShape();
    const symbols = Object.getOwnPropertySymbols(held).map((symbol) => symbol.description);
    expect(symbols).toEqual(expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']));
    expect(Object.keys(held)).toEqual(expect.arrayContaining(['callback', 'args']));
    const fresh = await freshEntry();
    expect(fresh).not.toBe(held);
    expect(sameShape(held, fresh)).toBe(true);
    // The check tells shapes apart: an object with the same names built another way differs.
    expect(sameShape(held, { callback: () => undefined, args: undefined })).toBe(false);
  });

  it('holds one entry, however often it is asked', async () => {
    const first = await holdTickEntryShape();
    expect(await holdTickEntryShape()).toBe(first);
  });
});
