import { operatorOf, type Operator } from './operator';

/**
 * The web app's business constants (docs/product/spec.md#s4 and #s9), in one place so tests and
 * components agree.
 */

/**
 * docs/product/rules.md#s1: the product name lives in one configuration value (`PRODUCT_NAME`, set
 * at build).
 */
export const PRODUCT_NAME: string = import.meta.env.VITE_PRODUCT_NAME || 'Upright';

/**
 * docs/product/rules.md#s1: the footer says "sample data" while the bundled fictional set is
 * loaded. The build sets `VITE_SAMPLE_DATA=false` once a real data set is imported.
 */
export const SHOWS_SAMPLE_DATA: boolean = (import.meta.env.VITE_SAMPLE_DATA ?? 'true') !== 'false';

/** Who runs the site (lib/operator.ts), as the build was configured (vite.config.ts checks it). */
export const OPERATOR: Operator = operatorOf({
  name: import.meta.env.VITE_OPERATOR_NAME,
  funding: import.meta.env.VITE_OPERATOR_FUNDING,
  contact: import.meta.env.VITE_OPERATOR_CONTACT,
});

export const SEARCH_DEBOUNCE_MS = 350;
export const SEARCH_RESULTS_PER_PAGE = 20;
/** Links are prefetched once they come within this distance of the viewport. */
export const PREFETCH_MARGIN_PX = 200;
export const PROGRESS_MINIMUM = 0.08;
export const MENU_WIDTH_PX = 300;
export const MENU_CLOSE_MS = 500;
export const MAX_LAYOUT_WIDTH_PX = 1300;

/**
 * docs/product/spec.md#s4: the loader stops about 600 ms after a request (longer for these two).
 */
export const LOADER_STOP_MS = { default: 600, hashValidation: 2500, signUp: 3000 } as const;
/** docs/product/spec.md#s4/#s9: the priorities "updated" message closes after 600 ms. */
export const PRIORITIES_SAVED_CLOSE_MS = 600;

export const COOKIE_NOTICE_DAYS = 365;
export const COOKIES = {
  privacyAccepted: 'privacyAccepted',
  noCookies: 'noCookies',
  /** Session cookie recording only that the mobile promo footer was dismissed. */
  promoDismissed: 'promoDismissed',
} as const;
/** The BFF's session-bound CSRF token: in its answers' header, echoed on every write. */
export const CSRF_HEADER = 'X-CSRF-Token';

/** docs/product/rules.md#s8: sign-up needs age 13 or older (accounts decides on the same rule). */
export { MINIMUM_AGE } from '@upright/contracts';
export const PRIVACY_POLICY_UPDATED = '2022-02-07';
