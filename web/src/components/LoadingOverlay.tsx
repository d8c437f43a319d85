import { useLoading } from '../state/loading';

/**
 * docs/product/spec.md#s2 loading overlay while requests run (docs/product/spec.md#s4 loader
 * timings in state/loading).
 */
export function LoadingOverlay() {
  const { active, dim } = useLoading();
  return (
    <div
      className={`loading-overlay${active ? ' is-active' : ''}${dim ? ' is-dim' : ''}`}
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      {active && (
        <>
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Loading…</span>
        </>
      )}
    </div>
  );
}
