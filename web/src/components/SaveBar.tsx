/**
 * docs/product/spec.md#s2 fixed SAVE bar with a sliding message while a form has unsaved changes.
 */
export function SaveBar({
  dirty,
  canSave,
  onSave,
  form,
}: {
  dirty: boolean;
  canSave: boolean;
  onSave?: () => void;
  /** id of the form the SAVE button submits. */
  form?: string;
}) {
  return (
    <div className={`save-bar${dirty ? ' is-dirty' : ''}`} aria-hidden={!dirty}>
      <div className="save-bar-inner">
        <p className="save-bar-message" role="status">
          {dirty ? 'You have unsaved changes.' : ''}
        </p>
        <button
          type={form ? 'submit' : 'button'}
          form={form}
          className="button"
          disabled={!dirty || !canSave}
          tabIndex={dirty ? 0 : -1}
          onClick={form ? undefined : onSave}
        >
          SAVE
        </button>
      </div>
    </div>
  );
}
