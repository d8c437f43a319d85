import { describe, expect, it } from 'vitest';
import { embeddedFirstAnswers } from './first-answers';

const record = {
  location: '/companies/us/airlines',
  answers: { ':r1:': { kind: 'ready' as const, data: { rows: 3 } } },
};
const neverLoads = () => Promise.reject(new Error('the browser must not ask'));

describe('embedded first answers', () => {
  it('give the server’s answer at the same place of the same page only', () => {
    const answers = embeddedFirstAnswers(record);
    expect(answers.take(':r1:', neverLoads, '/companies/us/airlines')).toEqual(
      record.answers[':r1:'],
    );
    expect(answers.take(':r2:', neverLoads, '/companies/us/airlines')).toBeUndefined();
    expect(answers.take(':r1:', neverLoads, '/companies/us/banks')).toBeUndefined();
  });

  it('still give a part being adopted its answer once the viewer turns out to be a member', () => {
    // Hydration can finish after the session probe answers: that part's first render must match
    // the HTML, and the flag tells it to load the member's own answer after.
    const answers = embeddedFirstAnswers(record);
    expect(answers.forOtherViewer).toBe(false);
    answers.viewerChanged();
    expect(answers.forOtherViewer).toBe(true);
    expect(answers.used).toBe(true);
    expect(answers.take(':r1:', neverLoads, '/companies/us/airlines')).toEqual(
      record.answers[':r1:'],
    );
  });

  it('give nothing once the first page is left, even back at the same address', () => {
    const answers = embeddedFirstAnswers(record);
    answers.forget();
    expect(answers.used).toBe(false);
    expect(answers.take(':r1:', neverLoads, '/companies/us/airlines')).toBeUndefined();
  });
});
