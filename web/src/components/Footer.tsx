import { Link } from 'react-router-dom';
import { PRODUCT_NAME, SHOWS_SAMPLE_DATA } from '../lib/constants';
import { SOURCES_PHRASE } from '../lib/site-statement';
import { useTheme } from '../state/theme';

/** docs/product/spec.md#s1 sitewide disclaimer. */
export const DISCLAIMER =
  `${PRODUCT_NAME} data comes from ${SOURCES_PHRASE}. ` +
  `Nothing on ${PRODUCT_NAME} is investment advice. Corrections can be requested from each figure on a company's page, or via the report in question.`;

/**
 * docs/product/spec.md#s2 footer: disclaimer, ABOUT, FAQ, TERMS OF USE, PRIVACY POLICY, copyright.
 */
export function Footer() {
  const { theme, setTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p className="disclaimer">{DISCLAIMER}</p>
        {SHOWS_SAMPLE_DATA && (
          <p className="sample-note" data-testid="sample-data-note">
            This site shows sample data: every company, figure and source is fictional.
          </p>
        )}
        <nav aria-label="Footer">
          <ul className="footer-links">
            <li>
              <Link to="/about">ABOUT</Link>
            </li>
            <li>
              <Link to="/methodology">METHODOLOGY</Link>
            </li>
            <li>
              <Link to="/industries">INDUSTRIES</Link>
            </li>
            <li>
              <Link to="/industries#compare">COMPARE</Link>
            </li>
            <li>
              <Link to="/developers">OPEN DATA</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
            <li>
              <Link to="/terms-of-use">TERMS OF USE</Link>
            </li>
            <li>
              <Link to="/privacy-policy">PRIVACY POLICY</Link>
            </li>
            <li>
              <Link to="/accessibility">ACCESSIBILITY</Link>
            </li>
          </ul>
        </nav>
        <button type="button" className="theme-toggle" onClick={() => setTheme(next)}>
          {next === 'dark' ? 'Dark theme' : 'Light theme'}
        </button>
        <p className="copyright">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
