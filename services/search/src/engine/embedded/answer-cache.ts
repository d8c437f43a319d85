import type { SearchApp } from '@upright/contracts';
import type { EngineQuery, EngineResult } from '../engine';
import { normalizeWhole } from '../text-match';

/** Hits kept per app, over all answers (a suggestion answer holds 15, a result page 20). */
const MAX_HITS_PER_APP = 20_000;

/**
 * Answers of the embedded engine by app, index version and query, least recently used evicted
 * first. A typed value is keyed by its words (case, accents and punctuation folded), which is
 * all the engine reads of it. Several BFF replicas asking the same prefix after a change cost
 * one computation. Answers are shared: callers copy what they change.
 */
export class AnswerCache {
  private readonly apps = new Map<
    SearchApp,
    { version: string; answers: Map<string, EngineResult>; hits: number }
  >();

  /** `key`: `keyOf(query)`, when the caller has it already. */
  get(query: EngineQuery, version: string, key = keyOf(query)): EngineResult | undefined {
    const kept = this.apps.get(query.app);
    if (!kept || kept.version !== version) return undefined;
    const answer = kept.answers.get(key);
    if (answer) {
      kept.answers.delete(key);
      kept.answers.set(key, answer);
    }
    return answer;
  }

  set(query: EngineQuery, version: string, answer: EngineResult, key = keyOf(query)): void {
    let kept = this.apps.get(query.app);
    if (!kept || kept.version !== version) {
      kept = { version, answers: new Map(), hits: 0 };
      this.apps.set(query.app, kept);
    }
    kept.answers.set(key, answer);
    kept.hits += weightOf(answer);
    for (const [key, old] of kept.answers) {
      if (kept.hits <= MAX_HITS_PER_APP) break;
      kept.answers.delete(key);
      kept.hits -= weightOf(old);
    }
  }
}

/** Buckets weigh like hits: a list's answer holds up to 100 of them. */
function weightOf(answer: EngineResult): number {
  return answer.hits.length + (answer.buckets?.length ?? 0) + 1;
}

/** What identifies a query's answer (for one app version). */
export function keyOf(query: EngineQuery): string {
  return JSON.stringify(
    query.text
      ? { ...query, text: { ...query.text, value: normalizeWhole(query.text.value) } }
      : query,
  );
}
