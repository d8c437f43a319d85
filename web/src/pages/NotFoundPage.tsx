import { Link } from 'react-router-dom';
import { useNotFoundTitle } from '../hooks/useRouteTitle';

export default function NotFoundPage() {
  useNotFoundTitle();
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
