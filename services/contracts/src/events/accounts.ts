import type { Averages } from '../dto';

export const accountsEvents = {
  /** New averages (decisions §4) after priorities changed or a member was deleted. */
  averagesChanged: 'accounts.averages.changed',
} as const;

export interface AccountsEventMap {
  'accounts.averages.changed': Averages;
}
