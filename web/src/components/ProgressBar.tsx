import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { PROGRESS_MINIMUM } from '../lib/constants';
import { loadingStore } from '../state/loading';

/** Next value of a trickling progress bar: never below the minimum, slowing towards 0.95. */
export function trickle(progress: number): number {
  const next = progress + (0.95 - progress) * 0.2;
  return Math.max(PROGRESS_MINIMUM, Math.min(0.95, next));
}

/** docs/product/spec.md#s2/#s4: a progress bar runs during route changes (minimum 0.08). */
export function ProgressBar() {
  const { pathname } = useLocation();
  const [progress, setProgress] = useState<number | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setProgress(PROGRESS_MINIMUM);
    const timer = setInterval(
      () => setProgress((value) => (value === null ? null : trickle(value))),
      200,
    );
    let finish: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearInterval(timer);
      setProgress(1);
      finish = setTimeout(() => setProgress(null), 250);
    };
    // The route is ready when its chunk and first requests settled (the loader goes idle).
    const settle = setTimeout(() => {
      if (!loadingStore.get().active) done();
    }, 50);
    const unsubscribe = loadingStore.subscribe((state) => {
      if (!state.active) done();
    });
    return () => {
      clearInterval(timer);
      clearTimeout(settle);
      if (finish) clearTimeout(finish);
      unsubscribe();
    };
  }, [pathname]);

  if (progress === null) return null;
  return (
    <div
      className="route-progress"
      role="progressbar"
      aria-label="Page loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress * 100)}
    >
      <div className="route-progress-bar" style={{ transform: `scaleX(${progress})` }} />
    </div>
  );
}
