import type { ReactNode } from 'react';
import type { Loadable } from '../hooks/useApi';
import { ErrorBox } from './ErrorBox';

/** Renders a loading line, the error box with a retry button, or the page once its data is there. */
export function PageState<T>({
  state,
  children,
  what,
}: {
  state: Loadable<T>;
  children: (data: T) => ReactNode;
  what: string;
}) {
  if (state.kind === 'loading') {
    return (
      <p className="muted" aria-busy="true">
        Loading {what}…
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <>
        <ErrorBox message={state.message} />
        <button type="button" className="button button-secondary" onClick={state.retry}>
          Try again
        </button>
      </>
    );
  }
  return <>{children(state.data)}</>;
}
