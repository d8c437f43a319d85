/**
 * Makes every turn of this process's event loop ~`turnMs` long (in its check phase) until the
 * returned function is called: a crowd's load, for an app started inside the test.
 */
export function hogTheLoop(turnMs = 60): () => void {
  let hogging = true;
  const turn = () => {
    if (!hogging) return;
    const until = performance.now() + turnMs;
    while (performance.now() < until);
    setImmediate(turn);
  };
  setImmediate(turn);
  return () => {
    hogging = false;
  };
}
