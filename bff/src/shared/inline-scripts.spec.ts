import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptSources } from './inline-scripts';

const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('inlineScriptSources', () => {
  it('hashes the exact text of each script the browser runs', () => {
    const html =
      '<head><script>run()</script><script type="module">go()</script>' +
      "<script type='text/javascript'>\n  more();\n</script></head>";
    expect(inlineScriptSources(html)).toEqual([
      sha256('run()'),
      sha256('go()'),
      sha256('\n  more();\n'),
    ]);
  });

  it('leaves out loaded scripts and inert data blocks', () => {
    const html =
      '<script type="module" crossorigin src="/assets/index.js"></script>' +
      '<script type="application/json" id="first-answers">{"a":1}</script>';
    expect(inlineScriptSources(html)).toEqual([]);
  });

  it('names a script written twice once', () => {
    expect(inlineScriptSources('<script>a()</script><script>a()</script>')).toEqual([
      sha256('a()'),
    ]);
  });

  it('gives the nginx image the same permission the BFF gives (the web app’s index.html)', () => {
    const repo = path.resolve(__dirname, '../../..');
    const indexHtml = readFileSync(path.join(repo, 'web/index.html'), 'utf8');
    const nginx = readFileSync(path.join(repo, 'infra/docker/web/nginx.conf'), 'utf8');
    const headers = readFileSync(path.join(repo, 'infra/docker/web/security-headers.conf'), 'utf8');
    const sources = inlineScriptSources(indexHtml);
    expect(sources).toHaveLength(1);
    const scriptSrc = (conf: string) =>
      [...conf.matchAll(/script-src ([^;]+);/g)].map((match) => match[1]);
    expect([...scriptSrc(headers), ...scriptSrc(nginx)]).toEqual([
      `'self' ${sources[0]}`,
      `'self' ${sources[0]}`,
    ]);
  });
});
