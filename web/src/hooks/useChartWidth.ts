import { useEffect, useRef, useState } from 'react';

/** The narrowest chart drawn: below it the labels would crowd each other. */
const MIN_CHART_WIDTH = 280;

/**
 * The width a chart's box really has, in CSS pixels, for its viewBox: drawn one to one, its 12 px
 * labels stay 12 px on a 360 px phone instead of shrinking with a 640-wide drawing (decision
 * 0056). `widest` until the page runs (the server's render and the first in the browser agree).
 */
export function useChartWidth(widest = 640) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(widest);
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.max(MIN_CHART_WIDTH, Math.min(widest, Math.floor(entry.contentRect.width)))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [widest]);
  return { box, width };
}
