import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { recordPageView } from './page-views';

/**
 * A page view for the first page and for each page the router moves to (a new path; a changed
 * query is the same page). Renders nothing, and only in the browser: server-made pages hydrate
 * unchanged.
 */
export function PageViews() {
  const { pathname } = useLocation();
  useEffect(() => recordPageView(), [pathname]);
  return null;
}
