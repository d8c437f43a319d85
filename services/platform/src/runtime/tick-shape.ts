import { executionAsyncResource } from 'node:async_hooks';

/**
 * One `process.nextTick` queue entry, held for the life of the process (decision 0066).
 *
 * Node 20 builds each queue entry as `{ [async_id_symbol]: …, [trigger_async_id_symbol]: …,
 * callback, args }`. V8 records, for each of the literal's four property definitions, the one
 * shape (map) the object had there; the intermediate shapes are referenced only weakly, and are
 * alive only while some entry is. A garbage collection that finds no entry alive (an idle
 * process, where the memory reducer collects) may free them; the next entry is then built with
 * new shapes, V8 sees a shape other than the recorded one and marks those definitions
 * megamorphic for good, and from then on every `nextTick` of the process, several per HTTP
 * answer, defines its properties through the runtime. Profiles of the BFF after such a
 * collection showed ~6 % of its CPU there and kept answers 15–30 % slower.
 *
 * A held entry keeps its own shape, and through it the intermediate ones, alive.
 */
let heldEntry: Promise<object> | undefined;

/** Resolves with the held entry once there is one; every call gives the same entry. */
export function holdTickEntryShape(): Promise<object> {
  heldEntry ??= new Promise((resolve) => {
    // Inside a nextTick callback the current async resource is that callback's queue entry.
    process.nextTick(() => resolve(executionAsyncResource()));
  });
  return heldEntry;
}
