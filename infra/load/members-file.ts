/**
 * The members file of the k6 member journeys (`MEMBERS_FILE`), made against a running site: signs
 * up `--count` members through the site's own sign-up, captcha solved here, as `signup-burst.ts`
 * does, and writes `[{ "email": …, "password": … }, …]` (infra/k6/README.md, "Running against a
 * cluster"). A site counts sign-ups per address: give it this machine in load-test mode, or
 * export its LOAD_TEST_TOKEN, sent in X-Load-Test.
 *
 *   LOAD_TEST_TOKEN=… npx tsx infra/load/members-file.ts --base-url https://upright.example.com \
 *     --count 30 --out members.json
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { signUpMembers } from './members';

/** A sign-up the site shed (a 503 while it scales) is tried again this many times in all. */
const RETRIES = 5;

function usage(problem: string): never {
  console.error(
    `${problem}\nusage: members-file.ts --base-url <site> --count <1-1000> --out <file> [--tag <name>]`,
  );
  process.exit(64); // EX_USAGE
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      // In every address (load-<tag>-…@example.test), so the members can be found and deleted.
      tag: { type: 'string', default: 'members' },
    },
  });
  const baseUrl = values['base-url']?.replace(/\/+$/, '');
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) usage('--base-url must be an http(s) URL');
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 1000) usage('--count must be 1 to 1000');
  if (!values.out) usage('--out is required');
  if (!/^[a-z0-9-]+$/.test(values.tag)) usage('--tag must be lowercase letters, digits, hyphens');

  const members = await signUpMembers(
    baseUrl,
    count,
    values.tag,
    RETRIES,
    process.env.LOAD_TEST_TOKEN || undefined,
  );
  // Whatever was made is written: those members exist now, to be used or deleted.
  await writeFile(values.out, `${JSON.stringify(members, null, 2)}\n`, { mode: 0o600 });
  if (members.length < count) {
    console.error(
      `made ${members.length} of ${count} members (written to ${values.out}): the site refused ` +
        `the others. Beyond its per-address sign-up budget it answers 429 unless it is in ` +
        `load-test mode for this machine (its address, or LOAD_TEST_TOKEN exported here): ` +
        `infra/k6/README.md, "Load-test mode".`,
    );
    process.exit(1);
  }
  console.log(`made ${count} members: ${values.out}`);
}

void main();
