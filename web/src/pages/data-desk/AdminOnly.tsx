import type { ReactNode } from 'react';
import { useSession } from '../../state/session';
import NotFoundPage from '../NotFoundPage';

/**
 * The desk's pages exist for admins alone (decision 0077): a visitor or a member gets the
 * not-found page, as the BFF answers them 401 and 403. Decided before the page renders, so the
 * page's own title never replaces the not-found one.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'checking') return <p className="muted">Checking your session…</p>;
  if (user?.role !== 'admin') return <NotFoundPage />;
  return <>{children}</>;
}
