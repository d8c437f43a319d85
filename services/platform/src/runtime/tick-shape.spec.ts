import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { holdTickEntryShape } from './tick-shape';

const FIXTURE = path.join(__dirname, '../../test/fixtures/tick-shape-process.ts');

interface Observed {
  symbols: string[];
  keys: string[];
  distinct: boolean;
  same: boolean;
  lookalikeSame: boolean;
}

describe('holdTickEntryShape', () => {
  it('holds a nextTick queue entry of the shape every new entry gets', () => {
    // In a process of its own that holds first, as a service does: this test process has run
    // other suites' ticks before, which a service's start never has.
    const output = execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', FIXTURE],
      { encoding: 'utf8', timeout: 30_000 },
    );
    const observed = JSON.parse(output) as Observed;
    expect(observed.symbols).toEqual(
      expect.arrayContaining(['async_id_symbol', 'trigger_async_id_symbol']),
    );
    expect(observed.keys).toEqual(expect.arrayContaining(['callback', 'args']));
    expect(observed.distinct).toBe(true);
    expect(observed.same).toBe(true);
    // The check tells shapes apart: an object with the same names built another way differs.
    expect(observed.lookalikeSame).toBe(false);
  });

  it('holds one entry, however often it is asked', async () => {
    const first = await holdTickEntryShape();
    expect(await holdTickEntryShape()).toBe(first);
  });
});
