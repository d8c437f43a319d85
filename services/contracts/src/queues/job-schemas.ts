import type { z } from 'zod';
import type { QueueName } from './names';

/**
 * A job its consumer can never process, whatever the retries (unknown name, data that does not
 * match the contract): the platform's queue worker fails it for good at once.
 */
export class MalformedJobError extends Error {
  override readonly name = 'MalformedJobError';
}

/** A job as its consumer receives it: the name and the data, checked against the contract. */
export interface CheckedJob<N extends string = string, D = unknown> {
  name: N;
  data: D;
}

/**
 * What a queue's consumer checks each job against. Producers are typed against the same
 * contract, but the queue is a boundary: a stale producer or a hand-added job must not reach the
 * worker with holes in it. `parse` throws `MalformedJobError` naming the fields, never their
 * values (they may be personal data).
 */
export interface QueueContract<J extends CheckedJob = CheckedJob> {
  readonly queue: QueueName;
  parse(name: string, data: unknown): J;
  /** What every job added to the queue gets unless its add says otherwise (retries, retention). */
  readonly jobOptions?: QueueJobOptions;
}

/** The BullMQ job options a contract may fix for its queue (contracts do not depend on BullMQ). */
export interface QueueJobOptions {
  attempts?: number;
  backoff?: { type: 'exponential' | 'fixed'; delay: number };
  removeOnComplete?: KeepJobs;
  removeOnFail?: KeepJobs;
}

/** Which finished jobs a queue keeps: all (false), none (true), the last n, or by age (seconds). */
type KeepJobs =
  boolean | number | { age: number; count?: number } | { age?: number; count: number };

/** How a contract names a job's name in errors ("mail kind"), and its queue's job options. */
export interface ContractOptions {
  nameIs?: string;
  jobOptions?: QueueJobOptions;
}

/** The checked job type of a contract: `JobOf<typeof rankAlertsJobs>`. */
export type JobOf<C extends QueueContract> = C extends QueueContract<infer J> ? J : never;

function problemFields(error: z.ZodError): string {
  return [...new Set(error.issues.map((issue) => issue.path.join('.') || 'data'))].join(', ');
}

function checked<D>(schema: z.ZodType<D>, name: string, data: unknown): D {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new MalformedJobError(`invalid ${name} job: ${problemFields(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * A queue whose job name says what the data is (one schema per name); any other name is
 * malformed. `nameIs` is what a name is called in that error ("mail kind").
 */
export function jobsByName<D extends object>(
  queue: QueueName,
  schemas: { [K in keyof D]: z.ZodType<D[K]> },
  { nameIs = 'job name', jobOptions }: ContractOptions = {},
): QueueContract<{ [K in keyof D & string]: CheckedJob<K, D[K]> }[keyof D & string]> {
  const known = new Set(Object.keys(schemas));
  return {
    queue,
    jobOptions,
    parse(name, data) {
      if (!known.has(name)) throw new MalformedJobError(`unknown ${nameIs} "${name.slice(0, 50)}"`);
      const schema = schemas[name as keyof D & string] as z.ZodType<D[keyof D & string]>;
      return { name, data: checked(schema, name, data) } as never;
    },
  };
}

/** A queue whose jobs all carry the same data, whatever their name. */
export function jobsOfAnyName<D>(
  queue: QueueName,
  schema: z.ZodType<D>,
  { jobOptions }: Pick<ContractOptions, 'jobOptions'> = {},
): QueueContract<CheckedJob<string, D>> {
  return {
    queue,
    jobOptions,
    parse: (name, data) => ({ name, data: checked(schema, name, data) }),
  };
}
