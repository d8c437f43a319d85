/**
 * The stack manifest for the shell: `make` and `infra/local/run-all.sh` read the process list
 * through this printer instead of writing it out again.
 *
 *   tsx infra/stack/print.ts schema-owners   accounts rankings reports search
 *   tsx infra/stack/print.ts importers       one "name entry" line per data-set importer
 *   tsx infra/stack/print.ts processes       one "name<TAB>command" line per process (make up)
 *   tsx infra/stack/print.ts ports           name=port:health-port … (infra/local/announce-ready.js)
 */
import {
  databaseUrlVariable,
  healthPort,
  opsPort,
  SCHEMA_OWNERS,
  STACK,
  type StackProcess,
} from './manifest';

/**
 * `make up`'s command of one process. The variables are the shell's: local.env's and the
 * REDIS_URL_<PROCESS> of its own Redis ACL user (run-all.sh exports both).
 */
export function localCommand(process: StackProcess): string {
  const env = [`HTTP_PORT=${process.port}`, `REDIS_URL=$REDIS_URL_${process.name.toUpperCase()}`];
  // As in every stack of this repository: announce-ready.js asks it there.
  if (process.env.includes('OPS_PORT')) env.push(`OPS_PORT=${opsPort(process.port)}`);
  if (process.ownsSchema) env.push(`DATABASE_URL=$${databaseUrlVariable(process.name)}`);
  return `${env.join(' ')} node ${process.entry}`;
}

export function printed(what: string | undefined): string {
  switch (what) {
    case 'schema-owners':
      return SCHEMA_OWNERS.join(' ');
    case 'importers':
      return STACK.flatMap(({ name, importer }) => (importer ? [`${name} ${importer}`] : [])).join(
        '\n',
      );
    case 'processes':
      return STACK.map((process) => `${process.name}\t${localCommand(process)}`).join('\n');
    case 'ports':
      return STACK.map(({ name, port }) => `${name}=${port}:${healthPort(name, port)}`).join(' ');
    default:
      throw new Error(`usage: print.ts schema-owners|importers|processes|ports (not ${what})`);
  }
}

if (require.main === module) {
  try {
    console.log(printed(process.argv[2]));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}
