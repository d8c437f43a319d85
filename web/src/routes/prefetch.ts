import { prefetchJson } from '../api/http';
import { PREFETCH_MARGIN_PX } from '../lib/constants';
import { matchRoute, type RoutePath } from './table';

const done = new Set<string>();

type LoadPage = (path: RoutePath) => Promise<unknown>;
let loadPage: LoadPage = () => Promise.resolve();

/**
 * The app's entry hands over the page loaders (routes/pages.ts): this module is reached from every
 * page through its links, so importing the pages here would close an import cycle.
 */
export function prefetchPagesWith(load: LoadPage): void {
  loadPage = load;
}

/** Loads the route chunk of an internal path and its first API data, once per path. */
export function prefetchPath(pathname: string): void {
  if (done.has(pathname)) return;
  done.add(pathname);
  const match = matchRoute(pathname);
  if (!match) return;
  void loadPage(match.route.path).catch(() => done.delete(pathname));
  for (const path of match.route.data?.(match.params, new URLSearchParams()) ?? [])
    prefetchJson(path);
}

type Watch = (element: Element, pathname: string) => () => void;

let observer: IntersectionObserver | null = null;
const paths = new WeakMap<Element, string>();

/**
 * docs/product/spec.md#s9: links are prefetched once within 200 px of the viewport (one shared
 * observer).
 */
export const watchLink: Watch = (element, pathname) => {
  if (typeof IntersectionObserver === 'undefined') return () => {};
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const path = paths.get(entry.target);
        observer?.unobserve(entry.target);
        if (path) prefetchPath(path);
      }
    },
    { rootMargin: `${PREFETCH_MARGIN_PX}px` },
  );
  paths.set(element, pathname);
  observer.observe(element);
  return () => observer?.unobserve(element);
};
