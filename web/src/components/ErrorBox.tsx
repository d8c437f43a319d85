/**
 * docs/product/spec.md#s2 error message box; docs/product/spec.md#s4: errors are cleared by an
 * explicit clear action.
 */
export function ErrorBox({ message, onClear }: { message: string; onClear?: () => void }) {
  return (
    <div className="error-box" role="alert">
      <p>{message}</p>
      {onClear && (
        <button type="button" className="link-button" onClick={onClear}>
          Dismiss
        </button>
      )}
    </div>
  );
}
