import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { keepTabInside } from '../lib/focus-trap';

const FOCUSABLE = 'button, a[href]';

/** A modal box: labelled, focus moved inside on open and kept there. */
export function Overlay({
  title,
  children,
  className = '',
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className={`overlay ${className}`}>
      <div
        ref={box}
        className="overlay-box"
        role="dialog"
        aria-modal="true"
        aria-labelledby="overlay-title"
        onKeyDown={(event) => keepTabInside(event, box.current, FOCUSABLE)}
      >
        <h2 id="overlay-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}
