import { CORRECTION_PROMISE_DAYS, ISSUES } from '@upright/contracts';
import { Link } from 'react-router-dom';
import { DISCLAIMER } from '../components/Footer';
import { OperatorStatement } from '../components/OperatorStatement';
import { PRODUCT_NAME } from '../lib/constants';
import { issueDefinitions } from '../lib/issue-definitions';
import { useRouteTitle } from '../hooks/useRouteTitle';

/**
 * Who runs the site, how it is paid for, where every figure comes from and how it is corrected
 *: what a sceptical reader asks before believing a rank.
 */
export default function AboutPage() {
  useRouteTitle();
  return (
    <div className="prose">
      <h1>About {PRODUCT_NAME}</h1>
      <p className="lead">
        {PRODUCT_NAME} publishes reports and ranks mostly large US companies within their industries
        on social and economic issues, so you can compare competitors on what matters to you.{' '}
        {PRODUCT_NAME} is in beta.
      </p>

      <h2>Who runs {PRODUCT_NAME}</h2>
      <OperatorStatement />
      <p>
        Whoever runs it chooses the issues, imports the published figures, writes the reports and
        answers every correction request. No company, industry body or investor has a seat or a say
        in what is published.
      </p>

      <h2>Funding and independence</h2>
      <ul>
        <li>
          <strong>No payment changes a rank.</strong> Companies cannot pay to be listed, ranked,
          left out, or to see a report before it is published; nobody can buy a better position.
        </li>
        <li>
          <strong>A company cannot influence its rank</strong> other than by what it does and
          publishes. Like any reader, it can request a correction of a figure with its source; a
          correction changes the figure, and the rank follows from the same rules as everyone
          else&apos;s.
        </li>
        <li>
          {PRODUCT_NAME} carries no advertising and sells no data about its visitors or members.
          Membership is free; the open data is free to reuse.
        </li>
        <li>
          The ranking is arithmetic anyone can repeat: the rules, the weights in force and a worked
          example are on the <Link to="/methodology">methodology page</Link>, and every ranking can
          be downloaded as <Link to="/developers">open data</Link>.
        </li>
      </ul>

      <h2>Where the data comes from</h2>
      <p>{DISCLAIMER}</p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Data providers">
        <table className="data-table">
          <caption className="visually-hidden">Data providers and update cadence per issue</caption>
          <thead>
            <tr>
              <th scope="col">Issue</th>
              <th scope="col">Providers</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {issueDefinitions().map((issue) => (
              <tr key={issue.key}>
                <th scope="row">{issue.label}</th>
                <td>{issue.sources}</td>
                <td>{issue.cadence}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        Every figure on a company page names its publisher, links to the source and gives its date.
      </p>

      <h2>How often rankings change</h2>
      <p>
        Scores are kept per calendar quarter. A ranking shows the latest quarter with scores; new
        figures are imported as their sources publish them, and a company&apos;s move (▲▼) is always
        counted from the previous quarter, never from yesterday.
      </p>
      <p>
        The members&apos; average priorities that weigh visitors&apos; rankings change at most once
        a month: those published before the 1st take effect on the 1st and stay all month, and each
        ranking says which ones it uses and since when.
      </p>

      <h2>Corrections</h2>
      <p>
        Anyone can request a correction of a figure or a rank, beside it on the company page. We
        acknowledge every request at once and resolve it within {CORRECTION_PROMISE_DAYS} days. Each
        company has a public corrections ledger: every decided request, its outcome and why.
      </p>

      <h2>The issues</h2>
      <ul>
        {ISSUES.map((issue) => (
          <li key={issue.key}>
            <Link to={`/methodology#issue-${issue.key}`}>{issue.label}</Link>
          </li>
        ))}
      </ul>
      <h2>Free membership</h2>
      <p>
        Visitors browse, search and read every report without an account. Members sign up for free
        and <Link to="/account/priorities">set priorities</Link> that weight every ranking for them.
        Members are individuals aged 13 or older, one account per person; companies cannot join.
      </p>
      <p>
        Questions? <Link to="/faq">Read the FAQ</Link> or <Link to="/contact">contact us</Link>. How
        this site is made usable for everyone: <Link to="/accessibility">accessibility</Link>.
      </p>
    </div>
  );
}
