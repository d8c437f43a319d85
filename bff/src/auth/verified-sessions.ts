import type { RequestSession } from './authenticated-member';

/** A bound on memory: at most this many verified sessions are kept (oldest dropped first). */
const MAX_SESSIONS = 100_000;

/**
 * Sessions accounts confirmed in the last few seconds (docs/product/rules.md#s11: a signed-in page
 * view pays no accounts round trip). Correct only while member changes are heard: whoever owns this
 * forgets a member when one is announced, and everything when the announcements may have been
 * missed. Unknown tokens are never kept, so made-up cookies cannot fill it.
 */
export class VerifiedSessions {
  private readonly entries = new Map<string, { session: RequestSession; until: number }>();
  /** Moves on every forget: a session verified before a move may say what is no longer true. */
  private moves = 0;

  constructor(
    private readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): RequestSession | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  /** Past most of its lifetime: worth verifying again before it runs out. */
  isAging(token: string): boolean {
    const entry = this.entries.get(token);
    return entry !== undefined && entry.until - this.now() < this.lifetimeMs / 4;
  }

  forgetToken(token: string): void {
    this.entries.delete(token);
  }

  get generation(): number {
    return this.moves;
  }

  /** Keeps `session` unless something was forgotten since `generation` was read. */
  keepIfUnchangedSince(generation: number, token: string, session: RequestSession): void {
    if (this.lifetimeMs === 0 || generation !== this.moves) return;
    if (this.entries.size >= MAX_SESSIONS) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, { session, until: this.now() + this.lifetimeMs });
  }

  forgetMember(uid: string): void {
    this.moves++;
    for (const [token, entry] of this.entries) {
      if (entry.session.member.uid === uid) this.entries.delete(token);
    }
  }

  clear(): void {
    this.moves++;
    this.entries.clear();
  }
}
