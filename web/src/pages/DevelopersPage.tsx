import { useEffect, useState } from 'react';
import { METHODOLOGY_VERSION } from '@upright/contracts';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { api, apiPaths } from '../api/endpoints';
import { getJson } from '../api/http';
import { PageState } from '../components/PageState';
import { RecomputeCommand } from '../components/RecomputeCommand';
import { PRODUCT_NAME } from '../lib/constants';
import { embedCode } from '../lib/embed';
import { formatPeriod } from '../lib/format';
import { publicDocument } from '../lib/public-document';
import { useApi } from '../hooks/useApi';
import { useRouteTitle } from '../hooks/useRouteTitle';

/**
 * The OpenAPI document the BFF generates from the schemas it validates with
 * (docs/product/rules.md#s12).
 */
const OPENAPI_URL = '/api/openapi.json';

/**
 * OPEN DATA in the navigation leads here: the files first (what most readers came for), then
 * the API for programs.
 */
export default function DevelopersPage() {
  useRouteTitle();
  return (
    <div className="developers">
      <div className="prose">
        <h1>{PRODUCT_NAME} open data and API</h1>
        <Downloads />
        <h2 id="api">The API</h2>
        <p>
          Everything a visitor can read on {PRODUCT_NAME} can be read by a program too. The
          reference below is rendered from <a href={OPENAPI_URL}>{OPENAPI_URL}</a> (OpenAPI 3.1),
          which is generated from the same schemas that check every request and describe every
          answer, so it cannot drift from what the API accepts and answers; a client generated from
          it is typed. Calls for members say so: the session cookie, or the token of the sign-in
          answer sent as <code>Authorization: Bearer</code>. A write sent with the cookie also needs
          the <code>X-CSRF-Token</code> header, equal to the cookie that <code>GET /api/csrf</code>{' '}
          sets.
        </p>
        <h2 id="retries">Retrying a write</h2>
        <p>
          Every call that changes something (<code>POST</code>, <code>PUT</code>,{' '}
          <code>DELETE</code>, except the search queries) takes an <code>Idempotency-Key</code>{' '}
          header: a new random value, such as a UUID, for each action, sent again unchanged with
          every try of that action. When an answer is lost (no answer, or a <code>502</code>,{' '}
          <code>503</code> or <code>504</code>), send the same request with the same key: it is
          applied once, and every later try gets the first answer again, marked{' '}
          <code>Idempotent-Replayed: true</code>, for 24 hours. The same key with a different
          request is refused with <code>422</code>; a try while the first is still being answered
          gets <code>409</code> with <code>Retry-After</code>. A solved captcha may be sent again
          with the same key. Keys are up to 128 visible ASCII characters and belong to the caller (a
          member, or visitors): nobody else&apos;s key can answer yours.
        </p>
        <h2 id="file-formats">The files</h2>
        <p>
          Every industry ranking, at any period, downloads as CSV or JSON from{' '}
          <code>/api/open/us/&#123;industry&#125;.csv</code> (or <code>.json</code>, with{' '}
          <code>?year=&amp;qrt=</code> for a past quarter), all of them at their latest period from{' '}
          <code>/api/open/us.csv</code> (a <code>ranking</code> column names each row&apos;s
          industry; the JSON lists each industry&apos;s file), and every published report from{' '}
          <code>/api/open/reports/&#123;id&#125;.csv</code>. Each file names its period, the
          methodology version (now {METHODOLOGY_VERSION}), its sources and its licence. A JSON
          file&apos;s <code>data</code> is exactly the API answer for the same period.
        </p>
        <p>
          CSV files are safe to open in a spreadsheet: a text cell that would start a formula (with{' '}
          <code>=</code>, <code>+</code>, <code>-</code>, <code>@</code>, a tab or a carriage
          return) gets a <code>&apos;</code> in front, so it shows as text. Numbers are written as
          they are; the JSON files keep every text exactly.
        </p>
        <h2 id="recompute">Recomputing the ranks</h2>
        <p>
          The ranking rules are a small package of their own in {PRODUCT_NAME}&apos;s source code,{' '}
          <code>services/ranking-rules</code>, with no dependencies: the code the site itself ranks
          with. Its command reads an industry&apos;s JSON file, a download or its address, and
          prints every company&apos;s ranks; <code>--weights</code> takes the nine weights a page
          states (without it, those the file states), and <code>--check</code> exits with 1 when any
          rank differs from the file&apos;s:
        </p>
        <RecomputeCommand />
        <h2 id="embed">Embedding a ranking or a report</h2>
        <p>
          Every industry ranking and every published report has a widget: the same table on a bare
          page meant for an <code>&lt;iframe&gt;</code>, whose links open {PRODUCT_NAME} in the
          reader&apos;s window. &quot;Embed this&quot;, below an industry ranking or a report, gives
          its code to copy and a preview. The addresses are{' '}
          <code>/widgets/companies/us/&#123;industry&#125;</code> and{' '}
          <code>/widgets/reports/&#123;id&#125;/&#123;date&#125;/&#123;slug&#125;</code>; any site
          may frame them (no other page may be framed). The code looks like this:
        </p>
        <pre className="code-block">
          <code>{embedCode('https://…/widgets/companies/us/{industry}', 'Industry ranking')}</code>
        </pre>
        <p>
          A widget shows the ranking as a visitor sees it when it loads: it follows every new period
          and every correction without a change to your page.
        </p>
        <h2>Versioning</h2>
        <ul>
          <li>
            The document&apos;s <code>info.version</code> follows semantic versioning. Adding a
            route, an optional parameter or a field to an answer is not a breaking change and moves
            the minor version: clients must ignore fields they do not know.
          </li>
          <li>
            Removing or renaming a route, parameter or field, or changing what a field means, is
            breaking and moves the major version. Breaking changes are published under a new path
            beside the old one; the old one keeps working through its deprecation period.
          </li>
          <li>
            A change of the ranking rules moves the methodology version named in every file and on
            the methodology page, not the API version.
          </li>
        </ul>
        <h2>Deprecation</h2>
        <ul>
          <li>
            A route or field to be removed is marked <code>deprecated: true</code> in the document
            and announced here at least 6 months before it goes; its answers carry a{' '}
            <code>Deprecation</code> header and a <code>Sunset</code> header with the date.
          </li>
          <li>Nothing is removed without a replacement available for that whole period.</li>
          <li>Open-data files of past periods are never withdrawn.</li>
        </ul>
        <h2>Fair use</h2>
        <p>
          The API is free and needs no key. Each client address may make 600 API requests a minute
          (answers served from cache count too); beyond that the answer is{' '}
          <code>429 Too Many Requests</code> with a <code>Retry-After</code> header giving the
          seconds to wait. Answers are cacheable (<code>ETag</code>, <code>Cache-Control</code>):
          send <code>If-None-Match</code> and reuse what you have. Errors are JSON{' '}
          <code>&#123;error: &#123;code, message, field&#125;&#125;</code> naming the bad parameter.
        </p>
      </div>
      <ApiReference />
    </div>
  );
}

/** Every industry's latest ranking as files, with the licence: the first thing on the page. */
function Downloads() {
  const facts = useApi(() => api.facts(), []);
  return (
    <section aria-labelledby="downloads" data-testid="downloads">
      <h2 id="downloads">Download the data</h2>
      <p>
        Every ranking on {PRODUCT_NAME} is free to download and reuse under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">
          CC BY 4.0
        </a>
        : credit {PRODUCT_NAME}.
      </p>
      <p>
        Every industry&apos;s latest ranking in one file:{' '}
        <a href={apiPaths.openAll('csv')} download>
          CSV
        </a>
        {' · '}
        <a href={apiPaths.openAll('json')} download>
          JSON
        </a>
      </p>
      <p>Each industry&apos;s latest ranking:</p>
      <PageState state={facts} what="the industries">
        {({ industries }) => (
          <ul className="downloads">
            {industries.flatMap(({ industry, industry_text, period }) =>
              period === null
                ? []
                : [
                    <li key={industry}>
                      {industry_text} ({formatPeriod(period)}):{' '}
                      <a href={apiPaths.openIndustry(industry, 'csv', period)} download>
                        CSV
                      </a>
                      {' · '}
                      <a href={apiPaths.openIndustry(industry, 'json', period)} download>
                        JSON
                      </a>
                    </li>,
                  ],
            )}
          </ul>
        )}
      </PageState>
      <p>
        Past quarters and published reports download too (<a href="#file-formats">the files</a>);
        the ranking rules recompute every rank from a file (
        <a href="#recompute">recomputing the ranks</a>).
      </p>
    </section>
  );
}

/**
 * The API reference, rendered in the browser from the document without its admin operations
 * (lib/public-document.ts).
 */
function ApiReference() {
  const [spec, setSpec] = useState<Record<string, unknown> | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    getJson<Record<string, unknown>>(OPENAPI_URL).then(
      (document) => current && setSpec(publicDocument(document)),
      () => current && setSpec('failed'),
    );
    return () => {
      current = false;
    };
  }, []);
  if (spec === null || spec === 'failed') {
    return (
      <p className="prose">
        {spec === null ? 'The reference is loading' : 'The reference could not be loaded'}; the
        document itself is at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
      </p>
    );
  }
  return <SwaggerUI spec={spec} docExpansion="list" defaultModelsExpandDepth={-1} />;
}
