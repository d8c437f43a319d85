import type { Averages } from '../dto';
import type { CallersOf } from '../services';

export const accountsEvents = {
  /** New averages (docs/product/rules.md#s4) after priorities changed or a member was deleted. */
  averagesChanged: 'accounts.averages.changed',
} as const;

/** The services that handle each event (the emitter is the service the event is named after). */
export const accountsEventSubscribers: CallersOf<typeof accountsEvents> = {
  averagesChanged: ['rankings'],
};

export interface AccountsEventMap {
  'accounts.averages.changed': Averages;
}
