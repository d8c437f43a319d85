import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

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
    box.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
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
        onKeyDown={(event) => {
          if (event.key !== 'Tab' || !box.current) return;
          const items = Array.from(box.current.querySelectorAll<HTMLElement>('button, a[href]'));
          if (items.length === 0) return;
          const [first, last] = [items[0], items[items.length - 1]];
          if (event.shiftKey && document.activeElement === first) {
            event.preventDefault();
            last.focus();
          } else if (!event.shiftKey && document.activeElement === last) {
            event.preventDefault();
            first.focus();
          }
        }}
      >
        <h2 id="overlay-title">{title}</h2>
        {children}
      </div>
    </div>
  );
}
