/**
 * What the rest of the process knows of tracing (decision 0075): whether the SDK started, the
 * name it reports this process under, and how to send the spans still buffered before exit.
 * Holds no OpenTelemetry import, so a process that does not trace loads none of the SDK.
 */
interface StartedTracing {
  name(service: string): void;
  flush(): Promise<void>;
}

let started: StartedTracing | undefined;

/** Called once by the SDK's start (start-tracing.ts). */
export function tracingStartedWith(tracing: StartedTracing): void {
  started = tracing;
}

/** Whether this process traces: its queues then carry trace context in their jobs. */
export function tracingActive(): boolean {
  return started !== undefined;
}

/**
 * Names the process's spans (`service.name`) after its service definition, unless
 * OTEL_SERVICE_NAME does; spans wait for the name before they are exported.
 */
export function nameTracedProcess(service: string): void {
  started?.name(service);
}

/** Exports what is still buffered; a drained process calls it before it exits. */
export async function flushTraces(): Promise<void> {
  await started?.flush();
}
