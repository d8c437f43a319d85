import { WebPaths } from '@upright/contracts';
import { api } from '../api/endpoints';
import { PageState } from '../components/PageState';
import { PrefetchLink } from '../components/PrefetchLink';
import { PromoBanner } from '../components/Promo';
import { ReportList } from '../components/ReportList';
import { Taglines } from '../components/Taglines';
import { PRODUCT_NAME } from '../lib/constants';
import { useApi, useTitle } from '../lib/useApi';

export default function HomePage() {
  useTitle(`${PRODUCT_NAME}: company rankings by what you care about`);
  const featured = useApi(() => api.featuredReports(1), []);
  const latest = useApi(() => api.latestReports(1), []);
  const industries = useApi(() => api.activeIndustries(), []);
  return (
    <>
      <h1 className="visually-hidden">{PRODUCT_NAME}</h1>
      <Taglines />
      <PromoBanner />
      <div className="two-columns">
        <section aria-labelledby="featured-heading">
          <h2 id="featured-heading">Featured reports</h2>
          <PageState state={featured} what="featured reports">
            {(page) => <ReportList reports={page.items} />}
          </PageState>
        </section>
        <section aria-labelledby="latest-heading">
          <h2 id="latest-heading">Latest reports</h2>
          <PageState state={latest} what="latest reports">
            {(page) => <ReportList reports={page.items.slice(0, 6)} />}
          </PageState>
          <p>
            <PrefetchLink to={WebPaths.reports()}>All reports</PrefetchLink>
          </p>
        </section>
      </div>
      <section aria-labelledby="industries-heading">
        <h2 id="industries-heading">Industries</h2>
        <PageState state={industries} what="industries">
          {(list) => (
            <ul className="industry-grid" data-testid="active-industries">
              {list.map((item) => (
                <li key={item.industry}>
                  <PrefetchLink to={WebPaths.industry(item.industry)}>
                    {item.industry_text}
                  </PrefetchLink>
                </li>
              ))}
            </ul>
          )}
        </PageState>
      </section>
    </>
  );
}
