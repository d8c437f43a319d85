import { companySlug } from './links';

describe('companySlug', () => {
  it('lowercases and turns spaces into hyphens, as the spec routes say', () => {
    expect(companySlug('Brightwater Provisions')).toBe('brightwater-provisions');
    expect(companySlug('  Nordale  Freight Co. ')).toBe('nordale-freight-co.');
  });
});
