import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually, freePort } from '@upright/platform/testing';

const MAILDEV_BIN = resolve(__dirname, '../../../node_modules/maildev/bin/maildev');

/** What maildev's REST API (GET /email) answers per received mail, the fields tests read. */
export interface ReceivedMail {
  id: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  from: Array<{ address: string; name: string }>;
  to: Array<{ address: string; name: string }>;
  replyTo?: Array<{ address: string; name: string }>;
}

/**
 * A private maildev (the SMTP inbox `make up` runs) in its own process on free ports, so a test
 * can stop and restart it like a real SMTP outage. Mails persist in its directory across
 * restarts, as they would on a real server.
 */
export class Maildev {
  private process?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'upright-maildev-'));

  private constructor(
    readonly smtpPort: number,
    readonly webPort: number,
    private readonly credentials?: { user: string; pass: string },
  ) {}

  /** `credentials`: the server refuses mail from clients that do not authenticate. */
  static async create(credentials?: { user: string; pass: string }): Promise<Maildev> {
    return new Maildev(await freePort(), await freePort(), credentials);
  }

  static async start(credentials?: { user: string; pass: string }): Promise<Maildev> {
    const maildev = await Maildev.create(credentials);
    await maildev.startProcess();
    return maildev;
  }

  get smtpUrl(): string {
    return `smtp://127.0.0.1:${this.smtpPort}`;
  }

  get webUrl(): string {
    return `http://127.0.0.1:${this.webPort}`;
  }

  async startProcess(): Promise<void> {
    const args = [
      MAILDEV_BIN,
      ...['--smtp', String(this.smtpPort), '--web', String(this.webPort)],
      ...['--ip', '127.0.0.1', '--mail-directory', this.dir, '--silent'],
    ];
    if (this.credentials) {
      args.push('--incoming-user', this.credentials.user, '--incoming-pass', this.credentials.pass);
    }
    this.process = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    await eventually('maildev to answer', async () => {
      try {
        return (await fetch(`${this.webUrl}/healthz`)).ok;
      } catch {
        return false;
      }
    });
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  async mails(): Promise<ReceivedMail[]> {
    const response = await fetch(`${this.webUrl}/email`);
    if (!response.ok) throw new Error(`maildev answered ${response.status}`);
    return (await response.json()) as ReceivedMail[];
  }

  /** The mails whose Message-ID is one of `messageIds` (tests share no inbox, but be exact). */
  async mailsWithIds(messageIds: readonly string[]): Promise<ReceivedMail[]> {
    const wanted = new Set(messageIds.map((id) => id.replace(/^<|>$/g, '')));
    return (await this.mails()).filter((mail) => wanted.has(mail.messageId));
  }
}
