import { useParams } from 'react-router-dom';
import { api } from '../../api/endpoints';
import { ErrorBox } from '../../components/ErrorBox';
import { MESSAGES } from '../../lib/messages';
import { useApi } from '../../hooks/useApi';
import { useRouteTitle } from '../../hooks/useRouteTitle';

/** The target of every mail's unsubscribe link (WebPaths.unsubscribe). */
export default function UnsubscribePage() {
  useRouteTitle();
  const { uid = '', key = '' } = useParams();
  const state = useApi(() => api.unsubscribe(uid, key), [uid, key]);
  return (
    <div className="narrow">
      <h1>Newsletter</h1>
      {state.kind === 'loading' && <p className="muted">Unsubscribing…</p>}
      {state.kind === 'ready' && state.data?.unsubscribed === true && (
        <p role="status">You are unsubscribed. You will not receive the newsletter anymore.</p>
      )}
      {(state.kind === 'error' ||
        (state.kind === 'ready' && state.data?.unsubscribed !== true)) && (
        <ErrorBox message={MESSAGES.unsubscribe} />
      )}
    </div>
  );
}
