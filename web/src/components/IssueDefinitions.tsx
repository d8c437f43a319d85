import { issueDefinitions } from '../lib/issue-definitions';

/**
 * The methodology's definitions: per issue what its score measures, the figures
 * behind it with their unit and direction, sources, how often it changes and what "no data" means.
 */
export function IssueDefinitions() {
  return (
    <section aria-labelledby="issues-heading" id="issues" className="section">
      <h2 id="issues-heading">What each issue measures</h2>
      <p>
        Each issue has a score per company and quarter, on the data provider&apos;s scale, with
        lower always better (the importer turns every scale that way). A score is never shown
        against another issue&apos;s score and never added to one: only its order within the
        industry counts, as the issue rank. The figures below are published beside each company so
        the order can be checked.
      </p>
      <div className="issue-definitions">
        {issueDefinitions().map((issue) => (
          <article key={issue.key} className="card issue-definition" id={`issue-${issue.key}`}>
            <h3>{issue.label}</h3>
            <p>{issue.measures}</p>
            <dl className="definition-list">
              <dt>Figures</dt>
              <dd>
                {issue.metrics.length === 0 ? (
                  'None published: the score is an assessment of the record.'
                ) : (
                  <ul>
                    {issue.metrics.map((metric) => (
                      <li key={metric.label}>
                        {metric.label}{' '}
                        <span className="muted">
                          ({metric.unit}; {metric.direction})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
              <dt>Sources</dt>
              <dd>{issue.sources}</dd>
              <dt>Updated</dt>
              <dd>{issue.cadence}</dd>
              <dt>&quot;No data&quot;</dt>
              <dd>{issue.noData}</dd>
            </dl>
          </article>
        ))}
      </div>
    </section>
  );
}
