import type { KeyboardEvent } from 'react';

/**
 * Tab and Shift+Tab cycle through `container`'s `focusable` elements instead of leaving it (the
 * focus trap of modal dialogs and the mobile menu).
 */
export function keepTabInside(
  event: KeyboardEvent,
  container: HTMLElement | null,
  focusable: string,
): void {
  if (event.key !== 'Tab' || !container) return;
  const items = Array.from(container.querySelectorAll<HTMLElement>(focusable));
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
