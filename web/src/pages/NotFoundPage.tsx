import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '../lib/constants';
import { useTitle } from '../hooks/useApi';

export default function NotFoundPage() {
  useTitle(`Page not found · ${PRODUCT_NAME}`);
  return (
    <>
      <h1>Page not found</h1>
      <p>
        The page you asked for does not exist. <Link to="/">Go to the home page</Link> or search for
        a company above.
      </p>
    </>
  );
}
