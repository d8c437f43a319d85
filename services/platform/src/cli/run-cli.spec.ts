import { ConfigError } from '../config/load-config';
import { CliError, runCli, type CliProcess } from './run-cli';

function fakeProcess() {
  const reported: unknown[] = [];
  const exits: number[] = [];
  const io: CliProcess = {
    error: (message) => reported.push(message),
    exit: (code) => exits.push(code),
  };
  return { io, reported, exits };
}

describe('runCli', () => {
  it('exits with the code the tool returns and reports nothing', async () => {
    const { io, reported, exits } = fakeProcess();
    await runCli('import', async () => 1, io);
    expect(exits).toEqual([1]);
    expect(reported).toEqual([]);
  });

  it('tells an expected failure in one line after the tool name and exits 2', async () => {
    const { io, reported, exits } = fakeProcess();
    await runCli(
      'import',
      async () => {
        throw new CliError('cannot read data.json: no such file');
      },
      io,
    );
    expect(reported).toEqual(['import: cannot read data.json: no such file']);
    expect(exits).toEqual([2]);
  });

  it('names a bad variable of the environment and exits 2', async () => {
    const { io, reported, exits } = fakeProcess();
    await runCli(
      'reindex',
      async () => {
        throw new ConfigError(['REDIS_URL: must be a URL starting with redis://']);
      },
      io,
    );
    expect(reported).toEqual([
      'reindex: Invalid configuration:\n  - REDIS_URL: must be a URL starting with redis://',
    ]);
    expect(exits).toEqual([2]);
  });

  it('reports an unexpected error whole (with its stack) and exits 2', async () => {
    const { io, reported, exits } = fakeProcess();
    const bug = new TypeError('cannot read properties of undefined');
    await runCli(
      'import',
      async () => {
        throw bug;
      },
      io,
    );
    expect(reported).toEqual([bug]);
    expect(exits).toEqual([2]);
  });
});
