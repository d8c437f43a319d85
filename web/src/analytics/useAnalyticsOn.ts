import { useEffect, useState } from 'react';
import { analyticsSettingsIn } from './private-event';

/**
 * Whether this site sends page views: null until the page runs in the browser (the server, which
 * renders the same first HTML, cannot tell), then what the page's analytics tag says.
 */
export function useAnalyticsOn(): boolean | null {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => setOn(analyticsSettingsIn(document) !== null), []);
  return on;
}
