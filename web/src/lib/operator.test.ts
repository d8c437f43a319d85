import { describe, expect, it } from 'vitest';
import { contactHref, operatorOf } from './operator';

describe('the operator named by configuration', () => {
  it('is a demonstration when nothing is set', () => {
    expect(operatorOf({})).toEqual({ demonstration: true });
    expect(operatorOf({ name: ' ', funding: '', contact: '' })).toEqual({ demonstration: true });
  });

  it('names the organisation, its funding and its contact, trimmed', () => {
    expect(
      operatorOf({
        name: ' Open Ledger Trust ',
        funding: 'Member donations.',
        contact: 'desk@openledger.example',
      }),
    ).toEqual({
      demonstration: false,
      name: 'Open Ledger Trust',
      funding: 'Member donations.',
      contact: 'desk@openledger.example',
    });
  });

  it('refuses a half-named operator and a contact that is neither an address nor https', () => {
    expect(() => operatorOf({ name: 'Trust' })).toThrow(/set together/);
    for (const contact of ['desk', 'http://trust.example', 'javascript:alert(1)']) {
      expect(() => operatorOf({ name: 'Trust', funding: 'Grants.', contact })).toThrow(
        /OPERATOR_CONTACT/,
      );
    }
  });

  it('links an address by mail and a URL as it is', () => {
    expect(contactHref('desk@trust.example')).toBe('mailto:desk@trust.example');
    expect(contactHref('https://trust.example/contact')).toBe('https://trust.example/contact');
  });
});
