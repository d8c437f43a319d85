import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../lib/constants';
import { useRouteTitle } from '../hooks/useRouteTitle';

/** `/accessibility`: the standard aimed at, how it is checked, what falls short. */
export default function AccessibilityPage() {
  useRouteTitle();
  return (
    <div className="prose">
      <h1>Accessibility statement</h1>
      <p className="lead">
        {PRODUCT_NAME} aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA
        on every page, in the light and the dark theme, from a 360 px phone to a wide screen.
      </p>

      <h2>What we do</h2>
      <ul>
        <li>
          Every page works with a keyboard alone: a &quot;Skip to content&quot; link, a visible
          focus outline, a menu that keeps and returns the focus, and form errors that take the
          focus beside the button that caused them.
        </li>
        <li>
          Colours meet AA contrast in both themes, and colour never carries meaning alone: a
          rank&apos;s colour comes with its number and a five-step marker, a move with ▲ or ▼ and
          words for screen readers.
        </li>
        <li>
          Every chart has a table with the same numbers, and its points can be reached with the
          keyboard.
        </li>
        <li>
          No time limits, no flashing content, and no puzzle in the captcha: it solves itself.
        </li>
      </ul>

      <h2>How it is tested</h2>
      <ul>
        <li>
          Automated checks with axe-core on every public page in both themes, in Chromium, with each
          change; a serious or critical finding fails the build.
        </li>
        <li>Lighthouse accessibility audits of the home, industry, company and report pages.</li>
        <li>
          A check that no page is wider than a 360 px screen, and a test of the colour tokens&apos;
          contrast.
        </li>
      </ul>

      <h2>Known gaps</h2>
      <ul>
        <li>
          No audit by people who use assistive technology every day has been made yet, and the
          screen-reader experience has not been tested by hand on every page.
        </li>
        <li>
          The interactive API reference on the <Link to="/developers">developers page</Link> comes
          from a third-party component whose keyboard use and contrast we have not fully checked;
          the same API is described in the downloadable OpenAPI document.
        </li>
        <li>
          Wide ranking tables scroll sideways inside their own frame on small screens; the company
          column stays in view while they do.
        </li>
        <li>
          Automated tools find only part of the problems people meet. If something stands in your
          way, please tell us.
        </li>
      </ul>

      <h2>Tell us</h2>
      <p>
        Write to us through the <Link to="/contact">contact page</Link>: say which page and what
        happened.
      </p>
    </div>
  );
}
