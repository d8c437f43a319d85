import { Link, useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../lib/constants';

/** docs/product/spec.md#s2: the logo goes to home unless already there. */
export function Logo() {
  const { pathname } = useLocation();
  const mark = (
    <>
      <svg aria-hidden="true" width="26" height="26" viewBox="0 0 26 26" className="logo-mark">
        <rect x="4" y="14" width="4" height="8" rx="1" />
        <rect x="11" y="8" width="4" height="14" rx="1" />
        <rect x="18" y="3" width="4" height="19" rx="1" />
      </svg>
      <span className="logo-name">{PRODUCT_NAME}</span>
    </>
  );
  return (
    <span className="logo">
      {pathname === '/' ? (
        <span className="logo-link" aria-current="page">
          {mark}
        </span>
      ) : (
        <Link to="/" className="logo-link" aria-label={`${PRODUCT_NAME} home`}>
          {mark}
        </Link>
      )}
      <span className="beta-tag">beta</span>
    </span>
  );
}
