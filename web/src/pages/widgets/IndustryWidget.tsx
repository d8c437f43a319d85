import { IndustryRanking } from '../../components/IndustryRanking';
import { PageState } from '../../components/PageState';
import { PRODUCT_NAME } from '../../lib/constants';
import { useIndustryRanking } from '../IndustryPage';

/** docs/product/rules.md#s6: the industry ranking in a bare layout for iframes. */
export default function IndustryWidget() {
  const state = useIndustryRanking();
  return (
    <PageState state={state} what="the industry ranking">
      {(data) => (
        <>
          <h1 className="widget-title">
            {data.industryResult.industry_text} · {PRODUCT_NAME}
          </h1>
          <IndustryRanking data={data} bare />
        </>
      )}
    </PageState>
  );
}
