import {
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { DATABASE, ReadinessRegistry, SERVICE_CONFIG } from '@upright/platform';
import type { SearchConfig } from '../config';
import type { PrismaClient } from '../generated/prisma/client';
import { EmbeddedEngine } from './embedded/embedded-engine';
import { PostgresDocumentStore } from './embedded/postgres-document-store';
import type { SearchEngine } from './engine';
import { OpenSearchEngine } from './opensearch/opensearch-engine';

/** Injection token of the process's SearchEngine. */
export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

export function createEngine(config: SearchConfig, db: PrismaClient): SearchEngine {
  return config.OPENSEARCH_URL
    ? new OpenSearchEngine(config.OPENSEARCH_URL, config.SEARCH_INDEX_PREFIX)
    : new EmbeddedEngine(new PostgresDocumentStore(db, config.SEARCH_INDEX_PREFIX));
}

@Injectable()
class EngineLifecycle implements OnModuleInit, OnApplicationShutdown {
  private started = false;

  constructor(
    @Inject(SEARCH_ENGINE) private readonly engine: SearchEngine,
    private readonly readiness: ReadinessRegistry,
  ) {}

  async onModuleInit(): Promise<void> {
    this.readiness.register({
      name: `search-engine-${this.engine.kind}`,
      check: async () => {
        if (!this.started) throw new Error('the search index is loading');
      },
    });
    await this.engine.start();
    this.started = true;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engine.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: SEARCH_ENGINE,
      inject: [SERVICE_CONFIG, DATABASE],
      useFactory: createEngine,
    },
    EngineLifecycle,
  ],
  exports: [SEARCH_ENGINE],
})
export class EngineModule {}
