import { forwardRef, useEffect, useRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { watchLink } from '../routes/prefetch';

/** A router link that prefetches its page's chunk and data when it nears the viewport. */
export const PrefetchLink = forwardRef<HTMLAnchorElement, LinkProps & { to: string }>(
  function PrefetchLink(props, forwardedRef) {
    const own = useRef<HTMLAnchorElement | null>(null);
    const pathname = props.to.split(/[?#]/)[0];
    useEffect(() => {
      if (!own.current) return;
      return watchLink(own.current, pathname);
    }, [pathname]);
    return (
      <Link
        {...props}
        ref={(element) => {
          own.current = element;
          if (typeof forwardedRef === 'function') forwardedRef(element);
          else if (forwardedRef) forwardedRef.current = element;
        }}
      />
    );
  },
);
