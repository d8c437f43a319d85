import { WebPaths } from '@upright/contracts';
import { api } from '../api/endpoints';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { PromoBanner } from '../components/Promo';
import { ReportList } from '../components/ReportList';
import { SiteStatement } from '../components/SiteStatement';
import { Taglines } from '../components/Taglines';
import { PRODUCT_NAME } from '../lib/constants';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';

async function loadHome() {
  const [featured, latest, industries] = await Promise.all([
    api.featuredReports(1),
    api.latestReports(1),
    api.activeIndustries(),
  ]);
  return { featured, latest, industries };
}

export default function HomePage() {
  useRouteTitle();
  // One state for the three lists: they appear together instead of pushing each other down.
  const state = useApi(loadHome, []);
  // Apart from the lists: a statement that cannot be counted leaves the reports standing.
  const facts = useApi(api.facts, []);
  return (
    <>
      <h1 className="visually-hidden">{PRODUCT_NAME}</h1>
      {facts.kind === 'ready' ? (
        <SiteStatement facts={facts.data} />
      ) : (
        // The statement's room is kept while it loads: nothing below it moves (layout shift).
        <div className="site-statement is-pending" aria-hidden="true" />
      )}
      <Taglines />
      <PromoBanner />
      <PageState state={state} what="reports and industries">
        {({ featured, latest, industries }) => (
          <>
            <div className="two-columns">
              <section aria-labelledby="featured-heading">
                <h2 id="featured-heading">Featured reports</h2>
                <ReportList reports={featured.items} />
              </section>
              <section aria-labelledby="latest-heading">
                <h2 id="latest-heading">Latest reports</h2>
                <ReportList reports={latest.items.slice(0, 6)} />
                <p>
                  <PrefetchLink to={WebPaths.reports()}>All reports</PrefetchLink>
                </p>
              </section>
            </div>
            <section aria-labelledby="industries-heading">
              <h2 id="industries-heading">Industries</h2>
              <ul className="industry-grid" data-testid="active-industries">
                {industries.map((item) => (
                  <li key={item.industry}>
                    <PrefetchLink to={WebPaths.industry(item.industry)}>
                      {item.industry_text}
                    </PrefetchLink>
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </PageState>
    </>
  );
}
