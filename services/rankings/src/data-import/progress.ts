/** Progress of a long import on stderr: a redrawn bar on a terminal, a line per 10% otherwise. */
export type ProgressReporter = (section: string, done: number, total: number) => void;

export function stderrProgress(stream: NodeJS.WriteStream = process.stderr): ProgressReporter {
  let lastDecile = -1;
  let lastSection = '';
  return (section, done, total) => {
    if (total === 0) return;
    const fraction = done / total;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
      stream.write(
        `\r  ${section.padEnd(18)} ${bar} ${Math.round(fraction * 100)}% (${done}/${total})`,
      );
      if (done === total) stream.write('\n');
      return;
    }
    const decile = Math.floor(fraction * 10);
    if (section !== lastSection) lastDecile = -1;
    if (decile !== lastDecile) {
      stream.write(`  ${section}: ${done}/${total}\n`);
      lastDecile = decile;
      lastSection = section;
    }
  };
}
