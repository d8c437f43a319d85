import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PRODUCT_NAME } from '../lib/constants';
import { notFoundHead, routeTitle } from '../routes/heads';

/**
 * Titles the document as the server titles the page (routes/heads.ts, the one place titles are
 * written): `bodies` are the answers of the route's `data`, in its order, once in (null before;
 * none for a page without data).
 */
export function useRouteTitle(bodies: readonly unknown[] | null = []): void {
  const { pathname } = useLocation();
  useDocumentTitle(routeTitle(pathname, bodies, PRODUCT_NAME));
}

/** Titles the document as the not-found page (also shown where a route's data names nothing). */
export function useNotFoundTitle(): void {
  useDocumentTitle(notFoundHead(PRODUCT_NAME).title);
}

function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
