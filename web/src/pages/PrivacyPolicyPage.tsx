import { PRIVACY_POLICY_UPDATED, PRODUCT_NAME } from '../lib/constants';
import { formatDate } from '../lib/format';
import { useTitle } from '../hooks/useApi';

export default function PrivacyPolicyPage() {
  useTitle(`Privacy policy · ${PRODUCT_NAME}`);
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
        Sign-in uses cookies: an encrypted session cookie keeps you signed in, and a security cookie
        protects forms. We also remember that you accepted the cookie notice and, for the session
        only, that you dismissed a promotion.
      </p>
      <h2>Analytics</h2>
      <p>
        Usage analytics come from a privacy-focused provider that does not use cookies or track you
        across sites. Searches are recorded to improve suggestions; a member&apos;s recent searches
        are deleted with the membership.
      </p>
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
