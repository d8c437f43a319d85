import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PRIORITY_MAX, PRIORITY_MIN } from '@upright/contracts';
import { api } from '../../api/endpoints';
import { clearPrefetched } from '../../api/http';
import { PriorityPreview } from '../../components/PriorityPreview';
import { MemberData } from '../../components/RequireMember';
import { SaveBar } from '../../components/SaveBar';
import { SuccessOverlay } from '../../components/SuccessOverlay';
import { PRIORITIES_SAVED_CLOSE_MS, PRODUCT_NAME } from '../../lib/constants';
import {
  NOT_RANKED_FIELDS,
  normalizePriorities,
  RANKED_FIELDS,
  samePriorities,
  type ClientPriorityName,
} from '../../lib/priorities';
import type { PriorityValues } from '../../api/account-types';
import { useRouteTitle } from '../../hooks/useRouteTitle';
import { useSession } from '../../state/session';
import { useFormSubmit } from '../../hooks/useFormSubmit';

function PriorityInput({
  field,
  label,
  value,
  note,
  onChange,
}: {
  field: string;
  label: string;
  value: number;
  note?: string;
  onChange(value: number): void;
}) {
  return (
    <div className="priority">
      <label htmlFor={`priority-${field}`}>
        {label}
        {note && <span className="muted"> ({note})</span>}
      </label>
      <input
        id={`priority-${field}`}
        type="range"
        min={PRIORITY_MIN}
        max={PRIORITY_MAX}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <output htmlFor={`priority-${field}`} className="priority-value">
        {value}
      </output>
    </div>
  );
}

/** Where Join leads (SignUpPage): the page then says where the confirmation link went. */
export interface JoinedState {
  joined: true;
}

function PrioritiesForm({ initial }: { initial: PriorityValues }) {
  const location = useLocation();
  const navigate = useNavigate();
  // Told once, on arrival: the history entry forgets it, so a reload does not tell it again.
  const [joined] = useState(() => (location.state as JoinedState | null)?.joined === true);
  useEffect(() => {
    if (joined) navigate(location.pathname, { replace: true, state: null });
  }, [joined, location.pathname, navigate]);
  const { user } = useSession();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState(initial);
  const [updated, setUpdated] = useState(false);
  const { submit, errorBox, pending } = useFormSubmit();
  const closeUpdated = useCallback(() => setUpdated(false), []);
  const dirty = !samePriorities(values, saved);
  const set = (field: ClientPriorityName) => (value: number) =>
    setValues({ ...values, [field]: value });
  return (
    <>
      <h1>Your priorities</h1>
      {joined && user && (
        <p className="notice" role="status">
          Welcome! Check your inbox: we sent a link to <strong>{user.email}</strong> to confirm your
          address. Meanwhile, set what matters to you below.
        </p>
      )}
      <p>
        How much does each issue matter to you, from {PRIORITY_MIN} (not at all) to {PRIORITY_MAX}{' '}
        (most)? Every industry ranking on {PRODUCT_NAME} is weighted by your choices.
      </p>
      <div className="priorities-layout">
        <form
          id="priorities-form"
          className="priorities"
          onSubmit={submit(async () => {
            await api.savePriorities(values);
            clearPrefetched();
            setSaved(values);
            setUpdated(true);
          })}
        >
          {errorBox}
          <fieldset>
            <legend>The {RANKED_FIELDS.length} issues that weight the rankings</legend>
            {RANKED_FIELDS.map(({ field, label }) => (
              <PriorityInput
                key={field}
                field={field}
                label={label}
                value={values[field]}
                onChange={set(field)}
              />
            ))}
          </fieldset>
          {/* Asked for the future, weighing nothing yet: folded, so the nine and the preview
              share the first screen. */}
          <details className="not-ranked">
            <summary>
              {NOT_RANKED_FIELDS.length} more issues, not ranked yet: tell us what else matters
            </summary>
            <fieldset>
              <legend>More issues (not ranked yet)</legend>
              {NOT_RANKED_FIELDS.map(({ field, label }) => (
                <PriorityInput
                  key={field}
                  field={field}
                  label={label}
                  note="not ranked yet"
                  value={values[field]}
                  onChange={set(field)}
                />
              ))}
            </fieldset>
          </details>
        </form>
        {/* Beside the sliders on a wide screen and kept in view while they move. */}
        <div className="priorities-preview">
          <PriorityPreview values={values} saved={!dirty} />
        </div>
      </div>
      <SaveBar dirty={dirty} canSave={!pending} form="priorities-form" />
      {updated && (
        <SuccessOverlay
          message="updated"
          closeAfterMs={PRIORITIES_SAVED_CLOSE_MS}
          onClose={closeUpdated}
        />
      )}
    </>
  );
}

const loadPriorities = () => api.priorities().then((raw) => normalizePriorities(raw.values));

export default function PrioritiesPage() {
  useRouteTitle();
  return (
    <MemberData load={loadPriorities} what="your priorities">
      {(initial) => <PrioritiesForm initial={initial} />}
    </MemberData>
  );
}
