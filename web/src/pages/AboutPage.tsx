import { ISSUES } from '@upright/contracts';
import { Link } from 'react-router-dom';
import { DISCLAIMER } from '../components/Footer';
import { PRODUCT_NAME } from '../lib/constants';
import { useTitle } from '../hooks/useApi';

export default function AboutPage() {
  useTitle(`About · ${PRODUCT_NAME}`);
  return (
    <div className="prose">
      <h1>About {PRODUCT_NAME}</h1>
      <p>
        {PRODUCT_NAME} publishes reports and ranks mostly large US companies within their industries
        on social and economic issues, so you can compare competitors on what matters to you.{' '}
        {PRODUCT_NAME} is in beta.
      </p>
      <h2>The issues</h2>
      <ul>
        {ISSUES.map((issue) => (
          <li key={issue.key}>{issue.label}</li>
        ))}
      </ul>
      <h2>Free membership</h2>
      <p>
        Visitors browse, search and read every report without an account. Members sign up for free
        and <Link to="/account/priorities">set priorities</Link> that weight every ranking for them.
        Members are individuals aged 13 or older, one account per person; companies cannot join.
      </p>
      <h2>Where the data comes from</h2>
      <p>{DISCLAIMER}</p>
      <p>
        Questions? <Link to="/faq">Read the FAQ</Link> or <Link to="/contact">contact us</Link>.
      </p>
    </div>
  );
}
