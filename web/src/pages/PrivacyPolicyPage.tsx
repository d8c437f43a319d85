import { PRIVACY_POLICY_UPDATED, PRODUCT_NAME } from '../lib/constants';
import { formatDate } from '../lib/format';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { useAnalyticsOn } from '../analytics/useAnalyticsOn';

export default function PrivacyPolicyPage() {
  useRouteTitle();
  return (
    <div className="plain-page">
      <h1>Privacy policy</h1>
      <p>
        Last updated:{' '}
        <time dateTime={PRIVACY_POLICY_UPDATED}>{formatDate(PRIVACY_POLICY_UPDATED)}</time>
      </p>
      <h2>What we collect</h2>
      <p>
        Visitors can browse without an account. Members give us their name, email address, password
        (stored only as a secure hash), newsletter choice, theme and the priorities they set. The
        birth year asked at sign-up only checks the minimum age and is not stored.
      </p>
      <h2>Cookies</h2>
      <p>
        Sign-in uses cookies: an encrypted session cookie keeps you signed in, a second one without
        any secret tells the page that you are (so visitors&apos; pages do not ask), and a security
        cookie protects forms. We also remember your answer to the cookie notice and, for the
        session only, that you dismissed a promotion. These are all the cookies the site sets: none
        is for advertising or tracking, so there are none to refuse: hiding the notice only hides
        it.
      </p>
      <h2>Analytics</h2>
      <p>
        Usage analytics come from a privacy-focused provider that does not use cookies or track you
        across sites. Searches are recorded to improve suggestions; a member&apos;s recent searches
        are deleted with the membership.
      </p>
      <p>
        When analytics are on, each page you open sends the provider only that page&apos;s address,
        without anything after a ? or #, and with the codes of links we email you removed; the
        address of the site that sent you there, without its page; and how far you scrolled and how
        long the page was open. No cookie is set and nothing that names you or your account is sent;
        the provider sees your IP address and browser as any website does and does not store them.
        When analytics are off, no analytics script runs and nothing is sent.
      </p>
      <AnalyticsStatus />
      <h2>Discontinuing your membership</h2>
      <p>
        You can discontinue your membership from account settings. Seven days later all of your data
        is deleted; until then you can continue your membership.
      </p>
      <h2>Your rights</h2>
      <p>
        {PRODUCT_NAME} may revoke a membership or user access at any time. To ask about your data,
        use the contact page.
      </p>
    </div>
  );
}

/** Which case applies here, once the page runs (the settings are in the page the BFF sent). */
function AnalyticsStatus() {
  const on = useAnalyticsOn();
  if (on === null) return null;
  return <p>{on ? 'Analytics are on for this site.' : 'Analytics are off for this site.'}</p>;
}
