import type { RequestSession } from './authenticated-member';
import { VerifiedSessions } from './verified-sessions';

function session(uid: string): RequestSession {
  return {
    member: { uid, email: `${uid}@example.com`, role: 'member', token: `token-${uid}` },
    discontinued: false,
    weights: null,
  };
}

describe('VerifiedSessions', () => {
  let now = 0;
  const clock = () => now;

  beforeEach(() => {
    now = 1_000_000;
  });

  it('trusts a verified session for its lifetime only', () => {
    const sessions = new VerifiedSessions(5000, clock);
    sessions.keepIfUnchangedSince(sessions.generation, 't1', session('a'));
    now += 4999;
    expect(sessions.get('t1')?.member.uid).toBe('a');
    now += 1;
    expect(sessions.get('t1')).toBeUndefined();
  });

  it('says when a session is worth verifying again, in the last quarter of its lifetime', () => {
    const sessions = new VerifiedSessions(4000, clock);
    sessions.keepIfUnchangedSince(sessions.generation, 't1', session('a'));
    now += 2999;
    expect(sessions.isAging('t1')).toBe(false);
    now += 2;
    expect(sessions.isAging('t1')).toBe(true);
  });

  it('forgets every session of a member, and only theirs', () => {
    const sessions = new VerifiedSessions(5000, clock);
    sessions.keepIfUnchangedSince(sessions.generation, 't1', session('a'));
    sessions.keepIfUnchangedSince(sessions.generation, 't2', session('a'));
    sessions.keepIfUnchangedSince(sessions.generation, 't3', session('b'));
    sessions.forgetMember('a');
    expect(sessions.get('t1')).toBeUndefined();
    expect(sessions.get('t2')).toBeUndefined();
    expect(sessions.get('t3')?.member.uid).toBe('b');
  });

  it('does not keep a session verified before a change was heard', () => {
    const sessions = new VerifiedSessions(5000, clock);
    const asked = sessions.generation;
    sessions.forgetMember('someone');
    sessions.keepIfUnchangedSince(asked, 't1', session('a'));
    expect(sessions.get('t1')).toBeUndefined();
    const askedAfter = sessions.generation;
    sessions.keepIfUnchangedSince(askedAfter, 't1', session('a'));
    expect(sessions.get('t1')).toBeDefined();
    sessions.clear();
    expect(sessions.get('t1')).toBeUndefined();
  });

  it('keeps nothing with a lifetime of 0', () => {
    const sessions = new VerifiedSessions(0, clock);
    sessions.keepIfUnchangedSince(sessions.generation, 't1', session('a'));
    expect(sessions.get('t1')).toBeUndefined();
  });
});
