import { Registry } from 'prom-client';
import { Admission } from './admission';

describe('Admission', () => {
  it('admits up to the cap, sheds beyond it, and admits again once work is released', async () => {
    const registry = new Registry();
    const admission = new Admission(2, registry);
    const first = admission.enter();
    expect(first).not.toBeNull();
    expect(admission.enter()).not.toBeNull();
    expect(admission.enter()).toBeNull();
    first!();
    first!();
    expect(admission.enter()).not.toBeNull();
    admission.refuse();
    const metrics = await registry.metrics();
    expect(metrics).toContain('upright_edge_admitted_total{lane="fresh"} 3');
    expect(metrics).toContain('upright_edge_shed_total{lane="fresh"} 2');
    expect(metrics).toContain('upright_edge_in_flight{lane="fresh"} 2');
    expect(metrics).toContain('upright_edge_limit{lane="fresh"} 2');
  });

  it('exports its counters at 0 before any work', async () => {
    const registry = new Registry();
    new Admission(8, registry);
    expect(await registry.metrics()).toContain('upright_edge_shed_total{lane="fresh"} 0');
  });
});
