import {
  ISSUES,
  MISSING_CLIMATE_SCORE,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
} from '@upright/contracts';
import { Link } from 'react-router-dom';
import { MINIMUM_AGE, PRODUCT_NAME } from '../lib/constants';
import { DISCLOSURE_DEPENDENT_WORDS } from '../lib/format';
import { useRouteTitle } from '../hooks/useRouteTitle';

/** docs/product/rules.md#s5 in plain words. */
export default function FaqPage() {
  useRouteTitle();
  return (
    <div className="prose">
      <h1>Frequently asked questions</h1>

      <h2>How are the rankings computed?</h2>
      <p>
        Companies are only compared with the other companies of the same industry, for the same
        quarter. For each of the nine issues ({ISSUES.map((issue) => issue.label).join(', ')}),
        every company gets a score where lower is better, and the companies are ordered by it: the
        best score gets rank 1.
      </p>
      <p>
        Companies with exactly the same score share a rank, and the next rank is skipped: two
        companies tied for second are both 2nd, and the next one is 4th. Tables mark shared ranks
        with a &quot;T&quot; (for tied).
      </p>
      <p>
        When a company has no climate score it is treated as if its score were{' '}
        {MISSING_CLIMATE_SCORE}, which usually puts it near the bottom. When any other score is
        missing, the company gets the lowest rank on that issue (the number of companies ranked).
      </p>
      <p>
        A company that is not publicly traded and publishes neither alternative nor voluntary
        (self-)reporting gets the lowest rank on {DISCLOSURE_DEPENDENT_WORDS}, whatever figures
        exist: without disclosure there is nothing to credit.
      </p>
      <p>
        To combine the issues, the nine ranks are added up. The overall rank orders companies by
        that sum (lower is better), again with shared ranks for equal sums.
      </p>
      <h2>How do priorities change the rankings?</h2>
      <p>
        Each issue has a weight from {PRIORITY_MIN} to {PRIORITY_MAX}. A company&apos;s weighted sum
        is each issue rank multiplied by that issue&apos;s weight, added up and rounded to two
        decimals; companies are then ranked by that weighted sum. Members rank with their own
        weights once they have <Link to="/account/priorities">saved their priorities</Link>.
        Visitors, and members who have not saved priorities yet, see rankings weighted by the
        average priorities of all members ({PRIORITY_DEFAULT} for every issue until members have set
        any). Sums are computed exactly, so rounding never changes an order.
      </p>
      <h2>Which quarter is shown?</h2>
      <p>
        Industry and company pages show the latest quarter with scores. Published reports keep the
        ranking they were published with; a correction is a new report.
      </p>
      <h2>Where does the data come from?</h2>
      <p>
        From regulators, NGOs, news media and company self-reporting. Every figure on a company page
        names its source. {PRODUCT_NAME} gives no investment advice.
      </p>
      <h2>Something is wrong. How do I get it corrected?</h2>
      <p>
        Open the report in question and use &quot;Request a correction&quot;, or{' '}
        <Link to="/contact">contact us</Link>.
      </p>
      <h2>Who can join?</h2>
      <p>
        Individuals aged {MINIMUM_AGE} or older, one account per person. Companies cannot join.
        Membership is free and can be discontinued at any time from your account settings, which
        deletes your data.
      </p>
    </div>
  );
}
