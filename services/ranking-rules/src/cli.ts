#!/usr/bin/env node
import { readFile } from 'node:fs/promises';
import { parseArgs, USAGE, UsageError, type CliOptions } from './cli-args';
import { ISSUE_KEYS } from './issues';
import { METHODOLOGY_VERSION } from './methodology';
import { readIndustryOpenData } from './open-data';
import { differences, recompute, type Recomputed } from './recompute';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

/** `upright-recompute` (decision 0078); resolves to the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let options: CliOptions;
  try {
    const parsed = parseArgs(argv);
    if (parsed.help) {
      io.stdout(`${USAGE}\n`);
      return 0;
    }
    options = parsed.options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`upright-recompute: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  try {
    const file = readIndustryOpenData(JSON.parse(await download(options.industry)));
    if (file.methodology_version !== METHODOLOGY_VERSION) {
      io.stderr(
        `upright-recompute: the file was ranked by methodology ${file.methodology_version}, ` +
          `these rules are ${METHODOLOGY_VERSION}: ranks may differ\n`,
      );
    }
    const recomputed = recompute(file, options.weights ?? file.weights);
    io.stdout(options.json ? `${JSON.stringify(recomputed, null, 2)}\n` : table(recomputed));
    if (!options.check) return 0;
    const differing = differences(recomputed, file);
    if (differing.length === 0) {
      io.stderr(`upright-recompute: all ${file.companies.length} companies' ranks are equal\n`);
      return 0;
    }
    io.stderr(`upright-recompute: ${differing.length} differences\n${differing.join('\n')}\n`);
    return 1;
  } catch (error) {
    io.stderr(`upright-recompute: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** A URL is downloaded, anything else read as a file. */
async function download(source: string): Promise<string> {
  if (!/^https?:\/\//.test(source)) return readFile(source, 'utf8');
  const response = await fetch(source, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${source} answered ${response.status}`);
  return response.text();
}

function table(recomputed: Recomputed): string {
  const { period, weights } = recomputed;
  const lines = [
    `# ${recomputed.industry}, ${period ? `${period.period_year} Q${period.period_qrt}` : 'no period'}, methodology ${recomputed.methodology_version}`,
    `# issues summed: ${recomputed.applicable.join(', ')}`,
    `# weights: ${ISSUE_KEYS.map((key) => `${key}=${weights[key]}`).join(',')}`,
    ['arank', 'raw_arank', 'normalized_rank', 'raw_rank', 'upright_cid', 'company_name'].join('\t'),
    ...recomputed.ranks.map((rank) =>
      [
        `${rank.atied ? '=' : ''}${rank.arank}`,
        rank.raw_arank,
        `${rank.tied ? '=' : ''}${rank.normalized_rank}`,
        rank.raw_rank,
        rank.upright_cid,
        rank.company_name,
      ].join('\t'),
    ),
  ];
  return `${lines.join('\n')}\n`;
}

if (require.main === module) {
  void main(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then((code) => {
    process.exitCode = code;
  });
}
