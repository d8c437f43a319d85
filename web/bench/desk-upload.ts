/**
 * `make desk-upload N=50000`: the editors' desk's web upload (decision 0077) of a large data set
 * file, driven in Debian Chromium as an admin does it and timed step by step: the file chosen on
 * /admin/data, its chunks sent (the progress bar's value printed every second), the stage job's
 * phases as the page shows them (read every second by the page), the draft's overview, one
 * industry's preview page, the publish (confirmed) and the rollback.
 *
 * On a stack of its own on private ports (web/e2e/support/stack.ts, as the e2e global setup
 * starts it) on a private database (E2E_DATABASE_NAME, default `desk_upload_e2e`, made afresh
 * with the sample data published), stopped at the end whatever happens. Prints the phases and
 * their seconds, and the rankings process's peak RSS (VmHWM of /proc/<pid>/status, the process
 * that assembles, parses and applies the file). Exits non-zero when a step fails or times out,
 * after saying what the page showed.
 *
 * A phase is timed as the page showed it: from the first showing of its name to the next one's.
 * Rankings writes a phase to the job's row when its event loop is free, so synchronous work
 * shows under the phase before it (parsing the file: "reading the upload"); a count reported
 * within 500 ms of the last one written waits for the next report (desk-jobs.ts), so a long step
 * can show the count before it. Phases shorter than the page's one-second poll may not show.
 *
 *   npx tsx web/bench/desk-upload.ts .local/sample-large-50000.json   (through make: LOCAL_ENV)
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, open } from '../e2e/support/browser';
import { signInAsAdmin } from '../e2e/support/member';
import { privateStackBasePort, startStack, type RunningStack } from '../e2e/support/stack';

/** Each job (stage, publish, rollback) and the upload may take this long before the run fails. */
const STEP_TIMEOUT_MS = Number(process.env.DESK_STEP_TIMEOUT_MS ?? 15 * 60_000);
const SAMPLE_MS = 1000;
const WATCH_MS = 200;
const MB = 1024 * 1024;

/** One change of the desk's status region, as the page showed it. */
interface StatusChange {
  at: number;
  text: string;
  value: string | null;
  max: string | null;
}

/** A phase of a step: from its first showing to the next phase's (or the step's end). */
interface Phase {
  name: string;
  from: number;
  seconds: number;
}

interface StepFigure {
  step: string;
  /** Seconds from the step's own start (its click). */
  seconds: number;
  /** Seconds from choosing the file. */
  sinceChoosing: number;
}

// The page's side, as strings: this file is compiled without the DOM's types.

/**
 * Notes every change of the status region (`data-testid="desk-status"`: the label of the progress
 * bar, its value and max, the outcome line) with the time it happened, in `window.__deskStatus`.
 */
const WATCH_STATUS = `(() => {
  const status = document.querySelector('[data-testid="desk-status"]');
  if (status === null) throw new Error('no desk-status region on the page');
  const changes = (window.__deskStatus = []);
  let last = '';
  const note = () => {
    const bar = status.querySelector('progress');
    const text = (status.textContent || '').trim();
    const value = bar === null ? null : bar.getAttribute('value');
    const max = bar === null ? null : bar.getAttribute('max');
    const key = text + '|' + value + '|' + max;
    if (key === last) return;
    last = key;
    changes.push({ at: Date.now(), text, value, max });
  };
  note();
  new MutationObserver(note).observe(status, {
    subtree: true, childList: true, characterData: true, attributes: true,
  });
})()`;

const READ_CHANGES = `window.__deskStatus || []`;

/** The status line and bar now, and the error box's text if one shows. */
const READ_NOW = `(() => {
  const status = document.querySelector('[data-testid="desk-status"]');
  const bar = status && status.querySelector('progress');
  const error = document.querySelector('[data-testid="error-box"]');
  const problems = document.querySelector('[data-testid="desk-problems"]');
  return {
    text: status ? (status.textContent || '').trim() : '',
    value: bar ? bar.getAttribute('value') : null,
    max: bar ? bar.getAttribute('max') : null,
    error: error ? (error.textContent || '').trim() : null,
    problems: problems ? Array.from(problems.children).slice(0, 10).map((li) => li.textContent) : [],
  };
})()`;

interface Now {
  text: string;
  value: string | null;
  max: string | null;
  error: string | null;
  problems: string[];
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** VmRSS and VmHWM (the peak) of a process, in MiB; null once it is gone. */
function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** "Checking the file: applying scores (1,000 of 389,260)…" → "applying scores". */
function phaseOf(text: string): string | null {
  if (/^Uploading \d/.test(text)) return 'uploading chunks';
  if (text.startsWith('Starting…')) return 'starting';
  const job =
    /^(?:Checking the file|Publishing|Rolling back): (.+?)(?: \([\d,]+ of [\d,]+\))?…/.exec(text);
  return job ? job[1] : null;
}

/** The phases the page showed between `start` and `end`, in order, each with its seconds. */
function phasesOf(changes: readonly StatusChange[], start: number, end: number): Phase[] {
  const phases: Phase[] = [];
  for (const change of changes) {
    if (change.at < start || change.at > end) continue;
    const name = phaseOf(change.text);
    if (name === null || phases.at(-1)?.name === name) continue;
    phases.push({ name, from: change.at, seconds: 0 });
  }
  for (const [index, phase] of phases.entries()) {
    phase.seconds = ((phases[index + 1]?.from ?? end) - phase.from) / 1000;
  }
  return phases;
}

class Run {
  readonly figures: StepFigure[] = [];
  readonly phases = new Map<string, Phase[]>();
  private readonly rankingsPid: number | undefined;
  private sampler: NodeJS.Timeout | null = null;
  choseAt = 0;

  constructor(
    private readonly page: Page,
    stack: RunningStack,
  ) {
    this.rankingsPid = stack.pidOf('rankings');
    if (this.rankingsPid === undefined)
      console.warn('[desk-upload] the rankings process was not found');
  }

  rankingsMemory() {
    return memoryOf(this.rankingsPid);
  }

  async now(): Promise<Now> {
    return (await this.page.evaluate(READ_NOW)) as Now;
  }

  async changes(): Promise<StatusChange[]> {
    return (await this.page.evaluate(READ_CHANGES)) as StatusChange[];
  }

  /** Prints the progress bar, the status line and the rankings process's RSS every second. */
  startSampling(label: string, since: number): void {
    this.stopSampling();
    this.sampler = setInterval(() => {
      void this.now()
        .then((now) => {
          const bar = now.value === null ? 'busy' : `${now.value}/${now.max}`;
          const memory = this.rankingsMemory();
          const rss = memory === null ? '' : `  rankings RSS ${memory.rss.toFixed(0)} MiB`;
          console.log(
            `[${label}] ${seconds(Date.now() - since).padStart(6)} s  progress ${bar.padEnd(9)} ${now.text || '(no status)'}${rss}`,
          );
        })
        .catch(() => undefined);
    }, SAMPLE_MS);
  }

  stopSampling(): void {
    if (this.sampler !== null) clearInterval(this.sampler);
    this.sampler = null;
  }

  record(step: string, from: number, at: number): void {
    this.figures.push({
      step,
      seconds: (at - from) / 1000,
      sinceChoosing: (at - this.choseAt) / 1000,
    });
    console.log(`[desk-upload] ${step}: ${seconds(at - from)} s`);
  }

  /**
   * Waits until the status region says `done`, or a failure shows (the error box), or the step
   * times out; returns when the page showed it. A failure throws with what the page said.
   */
  async outcome(step: string, done: RegExp): Promise<number> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      const now = await this.now().catch(() => null);
      if (now !== null && done.test(now.text)) {
        const changes = await this.changes();
        return changes.find((change) => done.test(change.text))?.at ?? Date.now();
      }
      if (now?.error) {
        const problems = now.problems.length > 0 ? `\n  ${now.problems.join('\n  ')}` : '';
        throw new Error(`${step} failed, the page says: ${now.error}${problems}`);
      }
      if (Date.now() > deadline) {
        throw new Error(
          `${step}: not done after ${STEP_TIMEOUT_MS / 1000} s; the page says: ${now?.text ?? '(nothing)'}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
    }
  }
}

async function uploadAndStage(run: Run, page: Page, file: string, size: number): Promise<void> {
  let chunks = 0;
  let lastChunkAt = 0;
  let stageAt = 0;
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    const method = response.request().method();
    if (method === 'PUT' && /\/api\/admin\/data\/uploads\/[^/]+\/chunks\/\d+$/.test(pathname)) {
      if (!response.ok()) console.warn(`[upload] ${pathname}: ${response.status()}`);
      chunks += 1;
      lastChunkAt = Date.now();
    }
    if (method === 'POST' && /\/api\/admin\/data\/uploads\/[^/]+\/stage$/.test(pathname)) {
      stageAt = Date.now();
      if (!response.ok()) console.warn(`[upload] ${pathname}: ${response.status()}`);
    }
  });
  await page.evaluate(WATCH_STATUS);
  run.choseAt = Date.now();
  await page.setInputFiles('#desk-file', file);
  await page.getByRole('button', { name: 'Upload and check' }).click();
  run.startSampling('upload', run.choseAt);

  const staged = await run.outcome('the stage', /^Staged as draft version \d+/);
  const changes = await run.changes();
  const uploadDone =
    lastChunkAt || changes.find((change) => !/^Uploading/.test(change.text))?.at || staged;
  console.log(
    `[desk-upload] ${chunks} chunks of at most 768 KiB for ${(size / MB).toFixed(1)} MiB; stage asked ${seconds(stageAt - run.choseAt)} s after choosing`,
  );
  run.record('upload done (all chunks answered)', run.choseAt, uploadDone);
  run.record('staging done (job done, as the page shows it)', run.choseAt, staged);
  run.phases.set('upload and stage', phasesOf(changes, run.choseAt, staged));

  // The draft's overview: its heading and its industries table (or the line saying there are none).
  await page.getByRole('heading', { name: /^Draft version \d+$/ }).waitFor({ timeout: 60_000 });
  await page
    .getByTestId('draft-industries')
    .or(page.getByText("The draft changes no industry's companies or ranks."))
    .waitFor({ timeout: 60_000 });
  run.stopSampling();
  run.record('preview shown (draft overview)', run.choseAt, Date.now());
}

async function industryPreview(run: Run, page: Page): Promise<void> {
  const link = page.getByTestId('draft-industries').getByRole('link').first();
  const industryText = ((await link.textContent()) ?? '').trim();
  const started = Date.now();
  await link.click();
  await page
    .getByRole('heading', { name: `Draft preview: ${industryText}`, exact: true })
    .waitFor({ timeout: 60_000 });
  await page.getByTestId('preview-alerted').waitFor({ timeout: 60_000 });
  run.record(`industry preview shown (${industryText})`, started, Date.now());
}

/** Clicks `button` on a fresh /admin/data and follows its job to `done`. */
async function deskJob(
  run: Run,
  page: Page,
  step: string,
  click: () => Promise<number>,
  done: RegExp,
): Promise<void> {
  await open(page, '/admin/data');
  await page.getByRole('heading', { name: 'Public data' }).waitFor({ timeout: 60_000 });
  await page.evaluate(WATCH_STATUS);
  const started = await click();
  run.startSampling(step, started);
  const ended = await run.outcome(step, done);
  run.stopSampling();
  run.record(`${step} done`, started, ended);
  run.phases.set(step, phasesOf(await run.changes(), started, ended));
}

function printFigures(run: Run, file: string, size: number, peak: number | null): void {
  console.log(
    `\nThe editors' desk in Chromium: ${path.basename(file)} (${(size / MB).toFixed(1)} MiB)`,
  );
  console.log(`${'step'.padEnd(52)} ${'seconds'.padStart(8)} ${'since choosing'.padStart(15)}`);
  for (const figure of run.figures) {
    console.log(
      `${figure.step.padEnd(52)} ${figure.seconds.toFixed(1).padStart(8)} ${figure.sinceChoosing.toFixed(1).padStart(15)}`,
    );
  }
  for (const [step, phases] of run.phases) {
    console.log(`\nPhases of ${step}, as the page showed them (read every second):`);
    for (const phase of phases) {
      console.log(
        `  ${phase.name.padEnd(40)} ${phase.seconds.toFixed(1).padStart(8)} s  (from ${seconds(phase.from - run.choseAt)} s)`,
      );
    }
  }
  console.log(
    `\nRankings peak RSS (VmHWM): ${peak === null ? 'not readable' : `${peak.toFixed(0)} MiB`}`,
  );
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: desk-upload.ts <data set file> (make desk-upload N=50000)');
    process.exit(2);
  }
  const size = statSync(file).size;
  process.env.E2E_DATABASE_NAME ??= 'desk_upload_e2e';
  console.log(`[desk-upload] starting a stack on database ${process.env.E2E_DATABASE_NAME}`);
  const stack = await startStack(privateStackBasePort());
  let failed = false;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  try {
    if (stack.notStarted.length > 0) {
      throw new Error(`processes not running:\n  ${stack.notStarted.join('\n  ')}`);
    }
    process.env.E2E_BASE_URL = stack.baseUrl;
    browser = await launchBrowser();
    const admin = await signInAsAdmin(browser.browser, `desk-upload-${Date.now()}@example.org`);
    const { page } = admin;
    const run = new Run(page, stack);
    const memory = run.rankingsMemory();
    if (memory !== null)
      console.log(`[desk-upload] rankings RSS at start ${memory.rss.toFixed(0)} MiB`);
    await open(page, '/admin/data');
    await page.getByRole('heading', { name: 'Upload a data set' }).waitFor();
    let peak: number | null = null;
    try {
      await uploadAndStage(run, page, path.resolve(file), size);
      console.log(
        `[desk-upload] rankings peak RSS after the stage: ${run.rankingsMemory()?.peak.toFixed(0) ?? '?'} MiB`,
      );
      await industryPreview(run, page);
      await deskJob(
        run,
        page,
        'publish',
        async () => {
          await page.getByRole('button', { name: 'Publish', exact: true }).click();
          const confirm = page.getByRole('button', { name: /^Yes, publish version \d+$/ });
          await confirm.waitFor();
          const at = Date.now();
          await confirm.click();
          return at;
        },
        /^Published: version \d+ is public/,
      );
      console.log(
        `[desk-upload] rankings peak RSS after the publish: ${run.rankingsMemory()?.peak.toFixed(0) ?? '?'} MiB`,
      );
      await deskJob(
        run,
        page,
        'rollback',
        async () => {
          const button = page.getByRole('button', { name: /^Roll back to version \d+$/ });
          await button.waitFor({ timeout: 60_000 });
          const at = Date.now();
          await button.click();
          return at;
        },
        /^Rolled back: version \d+ is public again/,
      );
    } catch (error) {
      failed = true;
      console.error(`[desk-upload] ${(error as Error).message}`);
    } finally {
      run.stopSampling();
      peak = run.rankingsMemory()?.peak ?? null;
      if (run.rankingsMemory() === null && run.figures.length > 0) {
        console.error('[desk-upload] the rankings process is gone (killed, or out of memory?)');
      }
      if (admin.errors.length > 0)
        console.error(`[desk-upload] page errors: ${admin.errors.join('; ')}`);
      printFigures(run, file, size, peak);
    }
  } catch (error) {
    failed = true;
    console.error(`[desk-upload] ${(error as Error).stack ?? String(error)}`);
  } finally {
    await browser?.close();
    await stack.stop();
  }
  process.exit(failed ? 1 : 0);
}

void main();
