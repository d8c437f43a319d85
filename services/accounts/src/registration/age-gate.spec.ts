import { ERROR_TEXTS } from '@upright/contracts';
import { ageGateFailure } from './age-gate';

describe('age gate on the date of birth (≥ 13, decision 0047)', () => {
  const born = (birth_year: number, birth_month: number, birth_day: number) => ({
    birth_year,
    birth_month,
    birth_day,
  });
  // An injected clock: the 13th birthday of someone born on 2013-11-26 is 2026-11-26.
  const dayBefore = new Date('2026-11-25T18:00:00Z');
  const birthday = new Date('2026-11-26T18:00:00Z');

  it('refuses on the day before the 13th birthday with the underage text', () => {
    expect(ageGateFailure(born(2013, 11, 26), dayBefore)).toEqual({
      field: 'birth_year',
      message: ERROR_TEXTS.underage,
    });
  });

  it('admits on the day of the 13th birthday', () => {
    expect(ageGateFailure(born(2013, 11, 26), birthday)).toBeNull();
  });

  it('admits someone born in the year that makes them 13 once the birthday is past', () => {
    // The year-only rule refused everyone born in 2013 until 1 January 2027.
    expect(ageGateFailure(born(2013, 3, 1), birthday)).toBeNull();
    expect(ageGateFailure(born(1950, 1, 1), birthday)).toBeNull();
  });

  it('names the day of an impossible date and the year of a future one', () => {
    expect(ageGateFailure(born(2000, 2, 30), birthday)).toMatchObject({ field: 'birth_day' });
    expect(ageGateFailure(born(2027, 1, 1), birthday)).toEqual({
      field: 'birth_year',
      message: 'birth_year must not be in the future',
    });
  });
});
