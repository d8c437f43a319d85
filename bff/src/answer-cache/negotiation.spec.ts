import { etagMatches, preferredCoding } from './negotiation';

describe('preferredCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['GZIP;Q=0.8', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
  ])('%j → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('etagMatches', () => {
  const etag = '"abc-br"';
  it.each([
    [undefined, false],
    ['"abc-br"', true],
    ['W/"abc-br"', true],
    ['"x", "abc-br"', true],
    ['"abc"', false],
    ['*', true],
    ['abc-br', false],
  ])('%j → %s', (header, matches) => {
    expect(etagMatches(header, etag)).toBe(matches);
  });
});
