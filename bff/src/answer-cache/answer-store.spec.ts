import type { AnswerPolicy } from '../shared/public-answer.decorator';
import { makeAnswer } from './answer';
import { AnswerStore } from './answer-store';

const data: AnswerPolicy = { domain: 'data', personal: false };
const search: AnswerPolicy = { domain: 'search', personal: false };
const ledgers: AnswerPolicy = { domain: 'corrections', personal: false };
const versions = { data: '1', search: '7', corrections: '3' };

function answerOf(size: number, policy = data) {
  return makeAnswer(JSON.stringify({ pad: 'x'.repeat(size) }), policy);
}

describe('AnswerStore', () => {
  it('keeps nothing and serves nothing while the versions are unknown', () => {
    const store = new AnswerStore(1_000_000);
    expect(store.set('/a', answerOf(10), '1')).toBe(false);
    store.setVersions(versions);
    expect(store.set('/a', answerOf(10), '1')).toBe(true);
    store.setVersions(null);
    expect(store.get('/a')).toBeUndefined();
  });

  it('keeps an answer only under the current version of its domain', () => {
    const store = new AnswerStore(1_000_000);
    store.setVersions(versions);
    expect(store.set('/old', answerOf(10), '0')).toBe(false);
    expect(store.set('/s', answerOf(10, search), '7')).toBe(true);
    expect(store.get('/old')).toBeUndefined();
    expect(store.get('/s')).toBeDefined();
  });

  it('shows a current answer with its version without counting a hit or moving it up', () => {
    const store = new AnswerStore(1_000_000);
    store.setVersions(versions);
    const answer = answerOf(10);
    store.set('/p', answer, '1');
    expect(store.peek('/p')).toEqual({ answer, version: '1' });
    expect(store.snapshot.hits).toBe(0);
    expect(store.peek('/none')).toBeUndefined();
    store.setVersions({ ...versions, data: '2' });
    expect(store.peek('/p')).toBeUndefined();
  });

  it('drops the answers of a domain whose version moves, and only those', () => {
    const store = new AnswerStore(1_000_000);
    store.setVersions(versions);
    store.set('/d', answerOf(10), '1');
    store.set('/s', answerOf(10, search), '7');
    store.setVersions({ ...versions, data: '2' });
    expect(store.get('/d')).toBeUndefined();
    expect(store.get('/s')).toBeDefined();
    expect(store.snapshot.entries).toBe(1);
  });

  it('drops kept ledgers when a correction moves their version, and keeps the rankings', () => {
    const store = new AnswerStore(1_000_000);
    store.setVersions(versions);
    store.set('/api/corrections/us/i/c', answerOf(10, ledgers), '3');
    store.set('/api/companies/us/i', answerOf(10), '1');
    store.setVersions({ ...versions, corrections: '4' });
    expect(store.get('/api/corrections/us/i/c')).toBeUndefined();
    expect(store.get('/api/companies/us/i')).toBeDefined();
  });

  it('stays within its bytes, evicting the least recently used first', () => {
    const one = answerOf(2000);
    const store = new AnswerStore(one.size * 4);
    store.setVersions(versions);
    for (const key of ['/a', '/b', '/c', '/d']) store.set(key, answerOf(2000), '1');
    expect(store.get('/a')).toBeDefined(); // /b is now the least recently used
    store.set('/e', answerOf(2000), '1');
    expect(store.get('/b')).toBeUndefined();
    for (const key of ['/a', '/c', '/d', '/e']) expect(store.get(key)).toBeDefined();
    expect(store.snapshot.bytes).toBeLessThanOrEqual(one.size * 4);
    expect(store.stats.evictions).toBe(1);
  });

  it('gives each answer served since it was last passed over one more round, no more', () => {
    const one = answerOf(2000);
    const store = new AnswerStore(one.size * 4);
    store.setVersions(versions);
    for (const key of ['/a', '/b', '/c', '/d']) store.set(key, answerOf(2000), '1');
    store.get('/a');
    store.get('/b');
    store.set('/e', answerOf(2000), '1'); // /a and /b are passed over; /c goes
    store.set('/f', answerOf(2000), '1'); // /d goes
    store.set('/g', answerOf(2000), '1'); // /e goes
    store.set('/h', answerOf(2000), '1'); // /a was not served again: it goes now
    const kept = ['/a', '/b', '/c', '/d', '/e', '/f', '/g', '/h'].filter(
      (key) => store.peek(key) !== undefined,
    );
    expect(kept).toEqual(['/b', '/f', '/g', '/h']);
    expect(store.stats.evictions).toBe(4);
  });

  it('does not keep one answer larger than a quarter of its memory', () => {
    const store = new AnswerStore(1000);
    store.setVersions(versions);
    expect(store.set('/big', answerOf(5000), '1')).toBe(false);
  });

  it('counts hits and the misses it is told of', () => {
    const store = new AnswerStore(1_000_000);
    store.setVersions(versions);
    store.set('/a', answerOf(10), '1');
    store.get('/a');
    store.get('/a');
    store.noteMiss();
    expect(store.snapshot).toMatchObject({ hits: 2, misses: 1, entries: 1 });
  });
});
