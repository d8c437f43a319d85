import { Patterns, serviceOfPattern, SERVICE_NAMES, Events, Queues } from './index';

function leaves(tree: Record<string, Record<string, string>>): [string, string][] {
  return Object.entries(tree).flatMap(([service, group]) =>
    Object.values(group).map((value): [string, string] => [service, value]),
  );
}

describe('message patterns', () => {
  it.each(leaves(Patterns))('%s pattern %s starts with its service name', (service, pattern) => {
    expect(serviceOfPattern(pattern)).toBe(service);
  });

  it.each(leaves(Patterns))(
    '%s pattern %s reads <service>.<noun>.<verb> (docs/architecture.md)',
    (_service, pattern) => {
      expect(pattern).toMatch(/^[a-z]+\.[a-z-]+\.[a-z-]+$/);
    },
  );

  it('no pattern or event name is used twice', () => {
    const all = [...leaves(Patterns), ...leaves(Events)].map(([, value]) => value);
    expect(new Set(all).size).toBe(all.length);
  });

  it('queue names are unique', () => {
    const names = Object.values(Queues);
    expect(new Set(names).size).toBe(names.length);
  });

  it('rejects a pattern for an unknown service', () => {
    expect(() => serviceOfPattern('billing.invoice.get')).toThrow(/known service/);
    expect(() => serviceOfPattern('nodot')).toThrow(/known service/);
  });

  it('knows the five services', () => {
    expect([...SERVICE_NAMES].sort()).toEqual([
      'accounts',
      'mail',
      'rankings',
      'reports',
      'search',
    ]);
  });
});
