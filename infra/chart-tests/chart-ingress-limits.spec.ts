/**
 * The Ingress's per-client and per-pod limits (decision 0076): ingress.limits rendered as the
 * controllers' annotations, an operator's own annotation winning, and wrong values refused by
 * values.schema.json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chartDir, ofKind, renderChart, REQUIRED_VALUES } from './chart';

const annotationsOf = (sets: string[] = [], valuesFiles: string[] = []): Record<string, string> =>
  ofKind(renderChart(valuesFiles, sets), 'Ingress')[0].metadata.annotations ?? {};

/** A values file of the operator's own Ingress annotations (--set would make numbers of them). */
function withAnnotations(annotations: Record<string, string>, read: (file: string) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'upright-annotations-'));
  try {
    const file = path.join(dir, 'values.yaml');
    writeFileSync(file, JSON.stringify({ ingress: { annotations } }));
    read(path.relative(chartDir, file));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the Ingress carries ingress.limits as annotations', () => {
  it('renders the default limits for ingress-nginx and the per-pod cap for the F5 controller', () => {
    expect(annotationsOf()).toEqual({
      'nginx.ingress.kubernetes.io/limit-rps': '20',
      'nginx.ingress.kubernetes.io/limit-burst-multiplier': '5',
      'nginx.ingress.kubernetes.io/limit-connections': '20',
      'nginx.org/max-conns': '1024',
    });
  });

  it('renders the allowlist, leaves out a limit set to 0, and lets ingress.annotations win', () => {
    const own = {
      'nginx.ingress.kubernetes.io/limit-rps': '50',
      'cert-manager.io/cluster-issuer': 'letsencrypt',
    };
    withAnnotations(own, (file) => {
      const annotations = annotationsOf(
        [
          // renderChart adds the required values only when no values file is given.
          ...REQUIRED_VALUES,
          'ingress.limits.connections=0',
          'ingress.limits.upstreamMaxConns=0',
          'ingress.limits.allowlist={203.0.113.7/32,2001:db8::/64}',
        ],
        [file],
      );
      expect(annotations).toEqual({
        ...own,
        'nginx.ingress.kubernetes.io/limit-burst-multiplier': '5',
        'nginx.ingress.kubernetes.io/limit-allowlist': '203.0.113.7/32,2001:db8::/64',
      });
    });
  });

  it('renders no annotations when every limit is 0 and none are given', () => {
    const manifests = renderChart(
      [],
      ['ingress.limits.rps=0', 'ingress.limits.connections=0', 'ingress.limits.upstreamMaxConns=0'],
    );
    expect(ofKind(manifests, 'Ingress')[0].metadata.annotations).toBeUndefined();
  });

  it.each([
    ['a negative rate', 'ingress.limits.rps=-1', 'ingress.limits.rps'],
    [
      'a burst multiplier of 0',
      'ingress.limits.burstMultiplier=0',
      'ingress.limits.burstMultiplier',
    ],
    ['an allowlist entry that is no range', 'ingress.limits.allowlist={everyone}', 'allowlist'],
  ])('refuses %s', (_what, set, message) => {
    expect(() => renderChart([], [set])).toThrow(message);
  });
});
