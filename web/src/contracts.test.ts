import { describe, expect, it } from 'vitest';
import * as accounts from '../../services/contracts/src/dto/accounts';
import { CLIENT_PRIORITY_FIELDS, NOT_RANKED_PRIORITY_FIELDS } from './contracts';
import { PASSWORD_MIN_LENGTH } from './lib/constants';

describe("the web's contracts gateway", () => {
  it('lists the same priority fields as the accounts contracts', () => {
    expect(NOT_RANKED_PRIORITY_FIELDS).toEqual(accounts.NOT_RANKED_PRIORITY_FIELDS);
    expect(CLIENT_PRIORITY_FIELDS).toEqual(accounts.CLIENT_PRIORITY_FIELDS);
  });

  it('asks for the password length accounts enforces', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(accounts.PASSWORD_MIN_LENGTH);
  });
});
