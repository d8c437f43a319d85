import { PRODUCT_NAME } from '../lib/constants';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { DISCLAIMER } from '../components/Footer';

export default function TermsPage() {
  useRouteTitle();
  return (
    <div className="plain-page">
      <h1>Terms of use</h1>
      <h2>The service</h2>
      <p>
        {PRODUCT_NAME} is a beta service that ranks companies within their industries on social and
        economic issues. {DISCLAIMER}
      </p>
      <h2>Membership</h2>
      <p>
        Membership is free and for individuals aged 13 or older, one account per person.
        Corporations may not be members. You are responsible for keeping your password secret.
      </p>
      <h2>Acceptable use</h2>
      <p>
        Do not try to disrupt the service, create accounts automatically, or misrepresent the
        rankings. Embedding the published widgets with attribution is welcome.
      </p>
      <h2>Changes and termination</h2>
      <p>
        {PRODUCT_NAME} may revoke a membership or user access at any time, and may change these
        terms; the current version is always on this page.
      </p>
    </div>
  );
}
