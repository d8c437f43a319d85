/**
 * Who runs the site, what funds it and how to reach them (a sceptic asks before believing
 * a rank; decision 0056). Build-time configuration, like the product name (docs/product/rules.md#s1):
 * `OPERATOR_NAME`, `OPERATOR_FUNDING` and `OPERATOR_CONTACT` (an email address or an https URL).
 * Unset, the site says plainly that it is a demonstration that nobody runs.
 */
export type Operator =
  | { demonstration: false; name: string; funding: string; contact: string }
  | { demonstration: true };

export interface OperatorSettings {
  name?: string;
  funding?: string;
  contact?: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The operator the variables name; throws (so the build fails) when they are half set or bad. */
export function operatorOf(settings: OperatorSettings): Operator {
  const given = {
    name: settings.name?.trim() ?? '',
    funding: settings.funding?.trim() ?? '',
    contact: settings.contact?.trim() ?? '',
  };
  const set = Object.values(given).filter((value) => value !== '').length;
  if (set === 0) return { demonstration: true };
  if (set < 3) {
    throw new Error('OPERATOR_NAME, OPERATOR_FUNDING and OPERATOR_CONTACT are set together');
  }
  if (!EMAIL.test(given.contact) && !/^https:\/\/[^\s]+$/.test(given.contact)) {
    throw new Error('OPERATOR_CONTACT must be an email address or an https:// URL');
  }
  return { demonstration: false, ...given };
}

/** A link to the contact: `mailto:` for an email address. */
export function contactHref(contact: string): string {
  return EMAIL.test(contact) ? `mailto:${contact}` : contact;
}
