import { DynamicModule, FactoryProvider, Inject, Module } from '@nestjs/common';
import type { QueueContract } from '@upright/contracts';
import { SERVICE_CONFIG } from '../config/config.module';
import { queueConnection, type QueueConnectionConfig } from './bullmq-options';
import { QueueProducer } from './queue-producer';

/** The injection token of a contract's producer (one queue, one producer per module). */
export function queueProducerToken(contract: QueueContract): string {
  return `QueueProducer:${contract.queue}`;
}

/**
 * Injects the producer of `contract` that `QueueProducerModule.register(contract)` provides:
 * `@InjectQueueProducer(fooJobs) private readonly foo: QueueProducer<typeof fooJobs>`.
 */
export function InjectQueueProducer(contract: QueueContract): ParameterDecorator {
  return Inject(queueProducerToken(contract));
}

/**
 * The producer side of `@QueueWorker`: a module's providers inject the producers of the queues
 * it registers. Each is built from the service's config (REDIS_URL, QUEUE_PREFIX) and closed when
 * the app shuts down, so a provider has no queue to open or close itself.
 */
@Module({})
export class QueueProducerModule {
  static register(...contracts: QueueContract[]): DynamicModule {
    const providers = contracts.map((contract): FactoryProvider<QueueProducer<QueueContract>> => ({
      provide: queueProducerToken(contract),
      inject: [SERVICE_CONFIG],
      useFactory: (config: Partial<QueueConnectionConfig>) =>
        new QueueProducer(contract, queueConnection(config, contract.queue)),
    }));
    return {
      module: QueueProducerModule,
      providers,
      exports: providers.map((provider) => provider.provide),
    };
  }
}
