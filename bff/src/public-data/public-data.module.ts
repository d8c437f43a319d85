import { Global, Module } from '@nestjs/common';
import { PublicDataFeed } from './public-data-feed';

@Global()
@Module({ providers: [PublicDataFeed], exports: [PublicDataFeed] })
export class PublicDataModule {}
