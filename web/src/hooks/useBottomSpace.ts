import { useEffect, type RefObject } from 'react';

/**
 * Keeps the height of a bar fixed at the bottom of the window in a CSS variable while it shows, so
 * the page leaves that room free at its end and scrolls controls above it (styles/app.css): a
 * fixed bar never covers a control.
 */
export function useBottomSpace(
  bar: RefObject<HTMLElement>,
  shown: boolean,
  variable: '--cookie-notice-space' | '--promo-space',
): void {
  useEffect(() => {
    const element = bar.current;
    if (!shown || element === null) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty(variable, `${element.offsetHeight}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(variable);
    };
  }, [bar, shown, variable]);
}
