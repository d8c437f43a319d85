/**
 * Account shapes of spec §3/§7 as the web reads them. The accounts contracts
 * (services/contracts/src/dto/accounts.ts) replace these names once they are published; the
 * web only relies on the fields below.
 */
export type Theme = 'light' | 'dark';

export interface SessionUser {
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  subscriber: boolean;
  role: 'public' | 'member' | 'admin';
  status?: string;
  discontinue?: boolean;
  discontinue_date?: string | null;
  discontinue_final?: string | null;
  theme?: Theme;
  message?: string;
}

export interface AuthResponse {
  user: SessionUser;
  token?: string;
  message?: string;
}

/** Client priority fields (spec §3 client set) → 0–10; the nine of decisions §4 weight rankings. */
export type ClientPriorities = Record<string, number | boolean | string | null>;

export interface PrioritiesSaveResponse {
  success?: boolean;
  weighted?: boolean;
  values?: ClientPriorities;
}

export interface Settings {
  first_name: string;
  last_name: string;
  email: string;
  subscriber: boolean;
  theme: Theme;
}

export interface SignUpForm {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  birth_year: number;
  individual: boolean;
  subscriber: boolean;
  altcha: string;
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
  report?: string;
}
