import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../state/session';

/** Member pages send visitors to sign in (and back here afterwards). */
export function RequireMember({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <p className="muted">Checking your session…</p>;
  if (status !== 'member') {
    return (
      <Navigate replace to={`/account/signin?next=${encodeURIComponent(location.pathname)}`} />
    );
  }
  return <>{children}</>;
}
