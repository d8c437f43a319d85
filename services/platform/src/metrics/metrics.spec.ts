import { Metrics } from './metrics';

describe('Metrics', () => {
  it('counts and times messages per pattern and outcome', async () => {
    const metrics = new Metrics('rankings');
    metrics.observeMessage('rankings.industries.active', 'ok', 0.004);
    metrics.observeMessage('rankings.industries.active', 'ok', 0.006);
    metrics.observeMessage('rankings.industries.active', 'error', 0.001);
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'upright_messages_total{pattern="rankings.industries.active",outcome="ok",service="rankings"} 2',
    );
    expect(text).toContain(
      'upright_messages_total{pattern="rankings.industries.active",outcome="error",service="rankings"} 1',
    );
    expect(text).toContain(
      'upright_message_duration_seconds_bucket{le="0.005",service="rankings",pattern="rankings.industries.active",outcome="ok"} 1',
    );
  });

  it('counts refused replays per sender and pattern', async () => {
    const metrics = new Metrics('accounts');
    metrics.observeReplay('bff', 'accounts.signIn');
    expect(await metrics.registry.metrics()).toContain(
      'upright_transport_replays_total{from="bff",pattern="accounts.signIn",service="accounts"} 1',
    );
  });

  it('counts requests dropped past their deadline per pattern', async () => {
    const metrics = new Metrics('rankings');
    metrics.observeExpired('rankings.companies.detail');
    metrics.observeExpired('rankings.companies.detail');
    expect(await metrics.registry.metrics()).toContain(
      'upright_transport_expired_total{pattern="rankings.companies.detail",service="rankings"} 2',
    );
  });

  it('counts HTTP requests per route and status', async () => {
    const metrics = new Metrics('bff');
    metrics.observeHttp('/api/active', 'GET', 200, 0.01);
    expect(await metrics.registry.metrics()).toContain(
      'upright_http_requests_total{route="/api/active",method="GET",status="200",service="bff"} 1',
    );
  });

  it('reads a sampled gauge when scraped, not when it is registered', async () => {
    const metrics = new Metrics('bff');
    let entries = 3;
    metrics.sampledGauge('upright_test_entries', 'Entries held', () => entries);
    entries = 7;
    expect(await metrics.registry.metrics()).toContain('upright_test_entries{service="bff"} 7');
  });
});
