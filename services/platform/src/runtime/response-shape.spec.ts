import { execFileSync } from 'node:child_process';
import { ServerResponse } from 'node:http';
import path from 'node:path';
import { holdResponseShape } from './response-shape';

const FIXTURE = path.join(__dirname, '../../test/fixtures/response-shape-server.ts');

/** Runs the fixture in a process of its own: each process sizes its responses once. */
function lastResponseIsFast(mode: 'held' | 'unheld'): boolean {
  const output = execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', FIXTURE, mode],
    { encoding: 'utf8', timeout: 30_000 },
  );
  return (JSON.parse(output) as { fast: boolean }).fast;
}

describe('holdResponseShape', () => {
  it('without it, a full collection between the sixth and seventh response, none of them alive, leaves every later response a dictionary', () => {
    // The hazard itself, so the test below can fail. Should a Node release stop doing this, this
    // test says so, and the hold (decision 0068) can go.
    expect(lastResponseIsFast('unheld')).toBe(false);
  });

  it('with it, the responses after such a collection keep fast properties', () => {
    expect(lastResponseIsFast('held')).toBe(true);
  });
});

describe('holdResponseShape in this process', () => {
  it('builds one response and holds it: every call gives the same one', () => {
    const response = holdResponseShape();
    expect(response).toBeInstanceOf(ServerResponse);
    expect(holdResponseShape()).toBe(response);
  });
});
