import { dictionary } from '@zxcvbn-ts/language-common';
import type { CommonPasswords } from './password-rules';

let loaded: ReadonlySet<string> | undefined;

/** The bundled list (see password-rules.ts), loaded once on first use. */
export function commonPasswords(): CommonPasswords {
  loaded ??= new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
  return loaded;
}
