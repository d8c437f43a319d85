import { useState } from 'react';
import { api } from '../api/endpoints';
import { PRODUCT_NAME } from '../lib/constants';
import { useFormSubmit } from '../hooks/useFormSubmit';
import { useSession } from '../state/session';
import { Overlay } from './Overlay';

/**
 * docs/product/spec.md#s2/#s4: a signed-in member flagged discontinued sees this until continuing
 * or signing out.
 */
export function DiscontinuedOverlay() {
  const { status, user, updateUser, signOut } = useSession();
  const [continued, setContinued] = useState<string | null>(null);
  const { run, errorBox, pending } = useFormSubmit({ clearsErrorOnRetry: false });

  if (continued !== null) {
    return (
      <Overlay title="MEMBERSHIP HAS BEEN CONTINUED">
        <p>{continued}</p>
        <button type="button" className="button" onClick={() => setContinued(null)}>
          OK
        </button>
      </Overlay>
    );
  }
  if (status !== 'member' || !user?.discontinue) return null;
  return (
    <Overlay title="MEMBERSHIP DISCONTINUED">
      <p>
        Your membership is set to end
        {user.discontinue_final ? ` on ${user.discontinue_final.slice(0, 10)}` : ''}; your data will
        then be deleted. You can continue your membership until then.
      </p>
      {errorBox}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={() =>
            run(async () => {
              const answer = await api.cancelDiscontinue();
              updateUser({
                ...answer.user,
                discontinue: false,
                discontinue_date: null,
                discontinue_final: null,
              });
              setContinued(answer.message || 'Your account discontinuation has been canceled.');
            })
          }
        >
          Continue {PRODUCT_NAME} Membership
        </button>
        <button type="button" className="button button-secondary" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </Overlay>
  );
}
