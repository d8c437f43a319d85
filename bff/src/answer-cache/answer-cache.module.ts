import { Module } from '@nestjs/common';
import { AnswerCache } from './answer-cache.service';

/** The kept public answers, for the answer interceptor and the edge. */
@Module({ providers: [AnswerCache], exports: [AnswerCache] })
export class AnswerCacheModule {}
