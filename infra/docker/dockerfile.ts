/** A small Dockerfile reader for the image tests: stages, their instructions, ARG defaults. */

export interface Instruction {
  keyword: string;
  /** Flags such as --from=build (without their values split off). */
  flags: string[];
  /** Arguments after the flags; exec-form JSON arrays are expanded. */
  args: string[];
  raw: string;
}

export interface Stage {
  name: string;
  base: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    // Docker skips comments and blank lines, also inside a continued instruction.
    if (trimmed.startsWith('#') || trimmed === '') continue;
    if (trimmed.endsWith('\\')) {
      current += `${trimmed.slice(0, -1)} `;
      continue;
    }
    lines.push(current + trimmed);
    current = '';
  }
  if (current !== '') lines.push(current.trim());
  return lines;
}

function parseInstruction(line: string): Instruction {
  const [keyword, ...rest] = line.split(/\s+/);
  const body = rest.join(' ');
  let words: string[];
  if (body.startsWith('[')) {
    words = JSON.parse(body) as string[];
  } else {
    words = body.split(/\s+/).filter(Boolean);
  }
  const flags = words.filter((word) => word.startsWith('--'));
  const args = words.filter((word) => !word.startsWith('--'));
  return { keyword: keyword.toUpperCase(), flags, args, raw: line };
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const instruction = parseInstruction(line);
    if (instruction.keyword === 'FROM') {
      const [base, as, name] = instruction.args;
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name : `stage-${stages.length}`,
        base,
        instructions: [],
      });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) {
      if (instruction.keyword === 'ARG') {
        const [name, value = ''] = instruction.args[0].split('=');
        globalArgs[name] = value;
      }
      continue;
    }
    stage.instructions.push(instruction);
  }
  return { globalArgs, stages };
}

/** Replaces $NAME and ${NAME} with the given values; unknown names stay as they are. */
export function substitute(text: string, values: Record<string, string>): string {
  return text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? '';
    return name in values ? values[name] : whole;
  });
}

export function flagValue(instruction: Instruction, flag: string): string | undefined {
  const prefix = `--${flag}=`;
  return instruction.flags.find((value) => value.startsWith(prefix))?.slice(prefix.length);
}

/** The stage and every stage it is built FROM, nearest first. */
export function stageChain(dockerfile: Dockerfile, name: string): Stage[] {
  const chain: Stage[] = [];
  let stage = dockerfile.stages.find((candidate) => candidate.name === name);
  while (stage) {
    chain.push(stage);
    const base = stage.base;
    stage = dockerfile.stages.find((candidate) => candidate.name === base);
  }
  return chain;
}
