import { describe, expect, it } from 'vitest';
import * as accounts from '../../services/contracts/src/dto/accounts';
import { CLIENT_PRIORITY_FIELDS, NOT_RANKED_PRIORITY_FIELDS } from './contracts';

describe("the web's contracts gateway", () => {
  it('lists the same priority fields as the accounts contracts', () => {
    expect(NOT_RANKED_PRIORITY_FIELDS).toEqual(accounts.NOT_RANKED_PRIORITY_FIELDS);
    expect(CLIENT_PRIORITY_FIELDS).toEqual(accounts.CLIENT_PRIORITY_FIELDS);
  });
});
