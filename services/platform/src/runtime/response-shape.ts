import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';

/** Published by Node's HTTP servers for every request, with its response (`{ response, … }`). */
const REQUEST_START = 'http.server.request.start';

/**
 * V8 decides how many fields every object of a constructor holds in itself once it has built
 * seven of them ("in-object slack tracking"); one more makes sure that moment has passed.
 */
const SHAPING_RESPONSES = 8;

let holding = false;

/**
 * Holds the process's first HTTP responses until V8 has fixed the size of every response to
 * come, then lets them go (decision record 0068).
 *
 * When V8 builds the seventh `ServerResponse`, it sizes all later ones by the largest shape the
 * first ones reached, read from their shapes' transition tree. That tree is referenced only
 * weakly: if a full garbage collection runs between the sixth and the seventh response while
 * none of the first six is alive (a starting process answering its readiness probes one by one,
 * collecting as it loads), the tree is gone and responses are sized for no field at all. Their
 * ~40 fields then live outside the object, and the constructor's symbol-keyed stores, past the
 * twelfth such field, turn every response into a dictionary: each `writeHead` and header lookup
 * of the process's life slower, +7–13 µs a kept answer in the BFF's profiles.
 *
 * A response held keeps its shape, and so the tree, alive through that moment.
 */
export function holdFirstResponses(): void {
  if (holding) return;
  holding = true;
  const held: ServerResponse[] = [];
  const onRequestStart = (message: unknown) => {
    held.push((message as { response: ServerResponse }).response);
    if (held.length < SHAPING_RESPONSES) return;
    unsubscribe(REQUEST_START, onRequestStart);
    held.length = 0;
  };
  subscribe(REQUEST_START, onRequestStart);
}
