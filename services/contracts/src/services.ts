/** The services behind the BFF. Each owns one request stream and one consumer group. */
export const SERVICE_NAMES = ['accounts', 'rankings', 'reports', 'mail', 'search'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** A message pattern always starts with the name of the service that answers it. */
export type PatternOf<S extends ServiceName> = `${S}.${string}`;

export function serviceOfPattern(pattern: string): ServiceName {
  const service = pattern.slice(0, pattern.indexOf('.'));
  if (!(SERVICE_NAMES as readonly string[]).includes(service)) {
    throw new Error(`Pattern "${pattern}" does not start with a known service name`);
  }
  return service as ServiceName;
}
