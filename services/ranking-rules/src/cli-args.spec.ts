import { parseArgs, parseWeights, UsageError } from './cli-args';
import { ISSUE_KEYS } from './issues';

const allNine = (value: string) => ISSUE_KEYS.map((key) => `${key}=${value}`).join(',');

describe('upright-recompute command line', () => {
  it('takes the industry file or URL, in either spelling of a flag', () => {
    expect(parseArgs(['--industry', 'https://x.example/api/open/us/anvils.json'])).toEqual({
      help: false,
      options: {
        industry: 'https://x.example/api/open/us/anvils.json',
        weights: null,
        check: false,
        json: false,
      },
    });
    const inline = parseArgs(['--industry=anvils.json', '--check', '--json']);
    expect(inline).toEqual({
      help: false,
      options: { industry: 'anvils.json', weights: null, check: true, json: true },
    });
  });

  it('reads the weights a page states, all nine', () => {
    const parsed = parseArgs(['--industry', 'a.json', '--weights', allNine('5')]);
    expect(parsed.help === false && parsed.options.weights).toEqual(
      Object.fromEntries(ISSUE_KEYS.map((key) => [key, 5])),
    );
    const mixed = parseWeights(
      ISSUE_KEYS.map((key, k) => `${key}=${['0', '2.5', '10', '3.33'][k % 4]}`).join(', '),
    );
    expect(ISSUE_KEYS.map((key) => mixed[key])).toEqual([0, 2.5, 10, 3.33, 0, 2.5, 10, 3.33, 0]);
  });

  it('asks for help, and refuses a missing industry or an unknown argument', () => {
    expect(parseArgs(['--industry', 'a.json', '--help'])).toEqual({ help: true });
    expect(() => parseArgs([])).toThrow(new UsageError('--industry is required'));
    expect(() => parseArgs(['--industry'])).toThrow('--industry needs a value');
    expect(() => parseArgs(['--industry', 'a.json', '--wieghts', 'x'])).toThrow(
      'unknown argument: --wieghts',
    );
  });

  it('names what is wrong with a weight list', () => {
    const without = (skip: string) =>
      ISSUE_KEYS.filter((key) => key !== skip)
        .map((key) => `${key}=5`)
        .join(',');
    expect(() => parseWeights(without('tax'))).toThrow('--weights lacks tax');
    expect(() => parseWeights(`${allNine('5')},climate=1`)).toThrow('climate is given twice');
    expect(() => parseWeights(`${allNine('5')},fairness=1`)).toThrow('unknown issue "fairness"');
    for (const bad of ['-1', '1.005', 'five', '', '1e3', '2=3']) {
      expect(() => parseWeights(allNine(bad))).toThrow(UsageError);
    }
  });
});
