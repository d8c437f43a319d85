import { containerEnv, missingSecretKeys, mountedFiles, rewritePaths } from './kubernetes';

const manifests = [
  { kind: 'ConfigMap', metadata: { name: 'config' }, data: { NODE_ENV: 'production', A: 'a' } },
  {
    kind: 'Secret',
    metadata: { name: 'secrets' },
    stringData: { password: 'pw', 'ca-key': 'PEM' },
  },
];

describe('containerEnv', () => {
  it('takes envFrom first, then env in order, with Secret keys and $(VAR) expansion', () => {
    const env = containerEnv(
      {
        envFrom: [{ configMapRef: { name: 'config' } }],
        env: [
          { name: 'A', value: 'overridden' },
          { name: 'PASSWORD', valueFrom: { secretKeyRef: { name: 'secrets', key: 'password' } } },
          { name: 'URL', value: 'postgres://u:$(PASSWORD)@h/$(A)?x=$(LATER)' },
          { name: 'LATER', value: 'late' },
          { name: 'FROM_OUTSIDE', valueFrom: { secretKeyRef: { name: 'ca', key: 'ca.crt' } } },
        ],
      },
      manifests,
      { ca: { 'ca.crt': 'CA PEM' } },
    );
    expect(env).toEqual({
      NODE_ENV: 'production',
      A: 'overridden',
      PASSWORD: 'pw',
      // A reference to a variable defined later stays as written, as Kubernetes leaves it.
      URL: 'postgres://u:pw@h/overridden?x=$(LATER)',
      LATER: 'late',
      FROM_OUTSIDE: 'CA PEM',
    });
  });

  it('names the Secret keys that exist nowhere (the pod would not start)', () => {
    const container = {
      env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'secrets', key: 'missing' } } }],
    };
    expect(missingSecretKeys(container, manifests)).toEqual(['secrets/missing']);
    expect(containerEnv(container, manifests)).toEqual({});
  });
});

describe('mountedFiles', () => {
  it('puts Secret items at the mount path and lists emptyDirs', () => {
    const podSpec = {
      volumes: [
        { name: 'tmp', emptyDir: {} },
        {
          name: 'ca',
          secret: { secretName: 'secrets', items: [{ key: 'ca-key', path: 'ca.crt' }] },
        },
      ],
    };
    const container = {
      volumeMounts: [
        { name: 'tmp', mountPath: '/tmp' },
        { name: 'ca', mountPath: '/etc/tls/postgres' },
      ],
    };
    expect(mountedFiles(podSpec, container, manifests)).toEqual({
      files: [{ path: '/etc/tls/postgres/ca.crt', contents: 'PEM' }],
      emptyDirs: ['/tmp'],
    });
  });
});

describe('rewritePaths', () => {
  const mounts = { '/etc/tls': '/here/etc/tls', '/etc/tls/bundle': '/there/bundle' };

  it('maps whole path segments, the longest mount first', () => {
    expect(rewritePaths('cat /etc/tls/ca.crt > /etc/tls/bundle/ca.crt', mounts)).toBe(
      'cat /here/etc/tls/ca.crt > /there/bundle/ca.crt',
    );
    expect(rewritePaths('postgres://h/db?sslrootcert=/etc/tls/ca.crt', mounts)).toBe(
      'postgres://h/db?sslrootcert=/here/etc/tls/ca.crt',
    );
  });

  it('leaves look-alikes alone', () => {
    expect(rewritePaths('/etc/tlsx/a /x/etc/tls/a', mounts)).toBe('/etc/tlsx/a /x/etc/tls/a');
  });
});
