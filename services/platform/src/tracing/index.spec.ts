/**
 * The entry every main.ts imports first: it loads the SDK only when the OTEL_* variables ask for
 * tracing (decision 0075), so a process without an endpoint pays for nothing but a settings check.
 */
const started = jest.fn();
jest.mock('./start-tracing', () => {
  started();
  return { startTracing: () => undefined };
});

function importEntryWith(env: NodeJS.ProcessEnv): void {
  const saved = process.env;
  process.env = env;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh import per test
    jest.isolateModules(() => require('./index'));
  } finally {
    process.env = saved;
  }
}

beforeEach(() => started.mockClear());

it('does not load the SDK without an endpoint or exporter', () => {
  importEntryWith({ OTEL_SERVICE_NAME: 'bff', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio' });
  expect(started).not.toHaveBeenCalled();
});

it('loads and starts it when an endpoint is given', () => {
  importEntryWith({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' });
  expect(started).toHaveBeenCalledTimes(1);
});

it('ends the process as a configuration error when a variable is wrong', () => {
  const exit = jest.spyOn(process, 'exit').mockImplementation((() => {
    throw new Error('exited');
  }) as never);
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(() => importEntryWith({ OTEL_TRACES_SAMPLER_ARG: 'ten percent' })).toThrow('exited');
    expect(exit).toHaveBeenCalledWith(78);
    expect(error.mock.calls[0][0]).toContain('OTEL_TRACES_SAMPLER_ARG');
    expect(started).not.toHaveBeenCalled();
  } finally {
    exit.mockRestore();
    error.mockRestore();
  }
});
