import { useEffect, useRef } from 'react';

/**
 * docs/product/spec.md#s2 error message box; docs/product/spec.md#s4: errors are cleared by an
 * explicit clear action. `takeFocus`: a form's error, placed beside its button, takes the focus
 * when it appears so the person who pressed the button is told at once.
 */
export function ErrorBox({
  message,
  onClear,
  takeFocus = false,
}: {
  message: string;
  onClear?: () => void;
  takeFocus?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) box.current?.focus();
  }, [takeFocus, message]);
  return (
    <div
      ref={box}
      className="error-box"
      role="alert"
      tabIndex={takeFocus ? -1 : undefined}
      data-testid="error-box"
    >
      <p>{message}</p>
      {onClear && (
        <button type="button" className="link-button" onClick={onClear}>
          Dismiss
        </button>
      )}
    </div>
  );
}
