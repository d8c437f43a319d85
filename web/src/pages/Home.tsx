import { useEffect, useState } from 'react';
import type { ActiveIndustry } from '@upright/contracts';
import { api } from '../api';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; industries: ActiveIndustry[] }
  | { kind: 'error'; message: string };

export function Home() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    let cancelled = false;
    api
      .activeIndustries()
      .then((industries) => !cancelled && setState({ kind: 'ready', industries }))
      .catch((error: Error) => !cancelled && setState({ kind: 'error', message: error.message }));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <main>
      <h1>Upright</h1>
      <p>Tailor company rankings by what you care most about with a free account.</p>
      <p>Compare competing companies on climate, inequity, corruption, and more...</p>
      <section aria-labelledby="industries-heading">
        <h2 id="industries-heading">Industries</h2>
        {state.kind === 'loading' && <p role="status">Loading industries…</p>}
        {state.kind === 'error' && <p role="alert">{state.message}</p>}
        {state.kind === 'ready' && state.industries.length === 0 && <p>No industries yet.</p>}
        {state.kind === 'ready' && state.industries.length > 0 && (
          <ul data-testid="active-industries">
            {state.industries.map((item) => (
              <li key={item.industry}>
                <a href={`/companies/us/${item.industry}`}>{item.industry_text}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
