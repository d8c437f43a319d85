import { Registry } from 'prom-client';
import { Admission } from './admission';

describe('Admission', () => {
  it('admits up to the cap, sheds beyond it, and admits again once work is released', async () => {
    const registry = new Registry();
    const admission = new Admission('fresh', 2, registry);
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
    new Admission('fresh', 8, registry);
    expect(await registry.metrics()).toContain('upright_edge_shed_total{lane="fresh"} 0');
  });

  it('counts each lane of one registry under its own label', async () => {
    const registry = new Registry();
    const fresh = new Admission('fresh', 4, registry);
    const password = new Admission('password', 1, registry);
    expect(password.enter()).not.toBeNull();
    expect(password.enter()).toBeNull();
    expect(fresh.enter()).not.toBeNull();
    const metrics = await registry.metrics();
    expect(metrics).toContain('upright_edge_in_flight{lane="fresh"} 1');
    expect(metrics).toContain('upright_edge_in_flight{lane="password"} 1');
    expect(metrics).toContain('upright_edge_shed_total{lane="password"} 1');
    expect(metrics).toContain('upright_edge_shed_total{lane="fresh"} 0');
    expect(metrics).toContain('upright_edge_limit{lane="password"} 1');
  });
});
