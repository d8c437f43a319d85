import { ERROR_TEXTS, retryLaterText } from './errors';

describe('retryLaterText', () => {
  it("keeps the spec's advice for a wait of up to 15 seconds", () => {
    expect(retryLaterText(1)).toBe(ERROR_TEXTS.retryLater);
    expect(retryLaterText(15)).toBe(ERROR_TEXTS.retryLater);
  });

  it('says the real wait beyond it, in seconds or whole minutes rounded up', () => {
    expect(retryLaterText(42)).toBe('Please wait 42 seconds and try again.');
    expect(retryLaterText(60)).toBe('Please wait 1 minute and try again.');
    expect(retryLaterText(61)).toBe('Please wait 2 minutes and try again.');
    expect(retryLaterText(599)).toBe('Please wait 10 minutes and try again.');
  });
});
