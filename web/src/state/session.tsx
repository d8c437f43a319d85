import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { ERROR_TEXTS, SESSION_HINT_COOKIE } from '@upright/contracts';
import type { SessionUser } from '../api/account-types';
import { api } from '../api/endpoints';
import { ApiError, clearPrefetched, setUnauthorizedListener } from '../api/http';
import { getCookie } from '../lib/cookies';
import { useFirstAnswers } from '../ssr/first-answers';

/**
 * docs/product/spec.md#s4 authentication: anonymous (role public) until sign-in or sign-up;
 * sign-out, a 401 reply or discontinuation return to the anonymous default. `checking` while the
 * first probe runs.
 */
export type SessionStatus = 'checking' | 'anonymous' | 'member';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /**
   * Changes each time someone signs in or out after the first probe. Pages whose data depends on
   * the viewer reload on it; the probe itself does not change it, because the page's first request
   * already carried the same cookie (so one view makes one request), except on a server-made page
   * when the probe finds a member: that page was rendered for a visitor (decision 0039).
   */
  viewerChanges: number;
  /** A message for the sign-in page (session expired, discontinued). */
  notice: string | null;
  signedIn(user: SessionUser): void;
  signOut(): Promise<void>;
  /** Local sign-out without calling the server (the server already ended the session). */
  ended(notice?: string): void;
  updateUser(changes: Partial<SessionUser>): void;
  clearNotice(): void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('checking');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [viewerChanges, setViewerChanges] = useState(0);
  const firstAnswers = useFirstAnswers();
  const statusRef = useRef(status);
  statusRef.current = status;

  const ended = useCallback((message?: string) => {
    clearPrefetched();
    setUser(null);
    setStatus('anonymous');
    setNotice(message ?? null);
    setViewerChanges((count) => count + 1);
  }, []);

  useEffect(() => {
    // docs/product/spec.md#s8: a 401 on a member call signs out with the expired-session message.
    setUnauthorizedListener(() => {
      if (statusRef.current === 'member') ended(ERROR_TEXTS.sessionExpired);
    });
    // Every outcome of the first probe is a transition: a server-made part of the page still
    // being adopted then waits for it rather than being drawn again (decision 0039). A visitor's
    // status set outside one is the likely cause of the React error #421 the browser tests met
    // on server-made pages, now and then, with no click at all.
    // A visitor has no hint cookie: no probe, so no 401 for the browser to log (decision 0056).
    if (getCookie(SESSION_HINT_COOKIE) === null) {
      startTransition(() => setStatus('anonymous'));
      return;
    }
    api
      .user()
      .then((probed) =>
        startTransition(() => {
          if (probed) {
            setUser(probed);
            setStatus('member');
            if (firstAnswers?.used && !firstAnswers.forOtherViewer) {
              firstAnswers.viewerChanged();
              setViewerChanges((count) => count + 1);
            }
          } else setStatus('anonymous');
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ApiError)) console.warn(error);
        startTransition(() => setStatus('anonymous'));
      });
  }, [ended, firstAnswers]);

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      viewerChanges,
      notice,
      signedIn(next) {
        clearPrefetched();
        setUser(next);
        setStatus('member');
        setNotice(null);
        setViewerChanges((count) => count + 1);
      },
      async signOut() {
        try {
          await api.signOut();
        } finally {
          ended();
        }
      },
      ended,
      updateUser(changes) {
        setUser((current) => (current ? { ...current, ...changes } : current));
      },
      clearNotice: () => setNotice(null),
    }),
    [status, user, viewerChanges, notice, ended],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
