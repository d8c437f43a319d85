import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useApi } from '../hooks/useApi';
import { useSession } from '../state/session';
import { PageState } from './PageState';

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

interface MemberDataProps<T> {
  load: () => Promise<T>;
  /** What is loading, for the loading line ("Loading your settings…"). */
  what: string;
  children: (data: T) => ReactNode;
}

function MemberDataLoader<T>({ load, what, children }: MemberDataProps<T>) {
  const { user } = useSession();
  // Reload when a different member signs in.
  const state = useApi(load, [user?.uid]);
  return (
    <PageState state={state} what={what}>
      {children}
    </PageState>
  );
}

/** A member page's own data: loaded once the visitor is known to be a member, with retry. */
export function MemberData<T>(props: MemberDataProps<T>) {
  return (
    <RequireMember>
      <MemberDataLoader {...props} />
    </RequireMember>
  );
}
