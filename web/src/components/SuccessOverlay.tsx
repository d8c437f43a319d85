import { useEffect } from 'react';

/**
 * docs/product/spec.md#s2 success overlay with a check mark; closes itself after `closeAfterMs`.
 */
export function SuccessOverlay({
  message,
  closeAfterMs,
  onClose,
}: {
  message: string;
  closeAfterMs: number;
  onClose: () => void;
}) {
  useEffect(() => {
    const timer = setTimeout(onClose, closeAfterMs);
    return () => clearTimeout(timer);
  }, [closeAfterMs, onClose]);
  return (
    <div className="success-overlay" role="status" data-testid="success-overlay">
      <div className="success-box">
        <svg aria-hidden="true" width="48" height="48" viewBox="0 0 48 48">
          <circle cx="24" cy="24" r="22" className="success-circle" />
          <path d="M14 25l7 7 14-15" className="success-check" />
        </svg>
        <p>{message}</p>
      </div>
    </div>
  );
}
