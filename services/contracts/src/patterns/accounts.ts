import type { Averages } from '../dto';

export const accountsPatterns = {
  /** The current averages of decisions §4. */
  averages: 'accounts.averages.get',
} as const;

export interface AccountsRequestMap {
  'accounts.averages.get': { request: Record<string, never>; response: Averages };
}
