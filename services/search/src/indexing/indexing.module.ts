import { Module } from '@nestjs/common';
import { IndexWorker } from './index.worker';
import { OwnerPages } from './owner-pages';

/** The `search-index` queue's consumer, and the owners' pages a rebuild reads. */
@Module({ providers: [IndexWorker, OwnerPages] })
export class IndexingModule {}
