import { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * One `ServerResponse`, built before any request and held for the life of the process (decision
 * decision 0068), so that V8 sizes the process's responses for the fields they have.
 *
 * V8 decides how many fields every object of a constructor holds in itself when it builds the
 * seventh ("in-object slack tracking"): as many as the largest shape the first ones reached, read
 * from the tree of shapes (maps) that grows from the constructor's initial map. That tree is held
 * only by the objects that have those shapes. Express gives each response its own prototype, and
 * with it a copy of its shape outside the tree, so once a response is handled nothing holds the
 * tree: a full collection then (a starting process answers its readiness probes one at a time,
 * and collects as it loads) frees it, and if that falls between the sixth and the seventh
 * response, every later response is sized for no field. Its ~40 fields then live outside the
 * object, and the constructor's symbol-keyed stores (which may keep at most twelve fields
 * outside) turn each response into a dictionary: +7–13 µs a kept answer in the BFF's profiles,
 * for the life of the process.
 *
 * A response that never meets Express keeps its shape inside the tree, and the tree alive.
 */
let heldResponse: ServerResponse | undefined;

/** Builds and holds the response once; every call gives the same one. */
export function holdResponseShape(): ServerResponse {
  // No socket: a request's own fields are set alike without one, and no connection is held.
  heldResponse ??= new ServerResponse(new IncomingMessage(null as unknown as Socket));
  return heldResponse;
}
