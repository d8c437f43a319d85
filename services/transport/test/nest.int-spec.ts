import { Controller, Inject, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ClientProxy,
  ClientsModule,
  Ctx,
  EventPattern,
  MessagePattern,
  Payload,
  RpcException,
} from '@nestjs/microservices';
import type { INestApplicationContext, INestMicroservice } from '@nestjs/common';
import Redis from 'ioredis';
import { firstValueFrom, lastValueFrom, of } from 'rxjs';
import { RedisStreamsClient, RedisStreamsServer, StreamsContext } from '../src';
import { deleteKeys, eventually, quietLogs, REDIS_URL, uniquePrefix, testTrust } from './helpers';

jest.setTimeout(30_000);
quietLogs();

const prefix = uniquePrefix('nest');
const EVENT = 'rankings.industry-data.changed';
const redis = new Redis(REDIS_URL);
const seen: string[] = [];

@Controller()
class RankingsController {
  @MessagePattern('rankings.ping')
  ping(@Payload() data: { n: number }, @Ctx() context: StreamsContext) {
    return of({
      pong: data.n,
      pattern: context.getPattern(),
      hasDeadline: !!context.getDeadline(),
    });
  }

  @MessagePattern('rankings.missing')
  async missing() {
    throw new RpcException({ code: 'not_found', message: 'No such industry', field: 'industry' });
  }

  @MessagePattern('rankings.crash')
  crash() {
    throw new Error('connect ECONNREFUSED postgres://admin:hunter2@db');
  }

  @EventPattern(EVENT)
  async first(@Payload() data: { n: number }) {
    seen.push(`first:${data.n}`);
  }
}

@Controller()
class OtherListener {
  @EventPattern(EVENT)
  second(@Payload() data: { n: number }) {
    seen.push(`second:${data.n}`);
  }
}

@Module({ controllers: [RankingsController, OtherListener] })
class RankingsModule {}

@Injectable()
class Caller {
  constructor(@Inject('RANKINGS') readonly client: ClientProxy) {}
}

@Module({
  imports: [
    ClientsModule.register([
      {
        name: 'RANKINGS',
        customClass: RedisStreamsClient,
        options: { redisUrl: REDIS_URL, keyPrefix: prefix, trust: testTrust('client') },
      },
    ]),
  ],
  providers: [Caller],
})
class CallerModule {}

let microservice: INestMicroservice;
let callerApp: INestApplicationContext;
let client: ClientProxy;

beforeAll(async () => {
  microservice = await NestFactory.createMicroservice(RankingsModule, {
    strategy: new RedisStreamsServer({
      redisUrl: REDIS_URL,
      keyPrefix: prefix,
      service: 'rankings',
      trust: testTrust('rankings'),
    }),
    logger: ['error', 'warn'],
  });
  await microservice.listen();
  callerApp = await NestFactory.createApplicationContext(CallerModule, {
    logger: ['error', 'warn'],
  });
  client = callerApp.get(Caller).client;
  expect(client).toBeInstanceOf(RedisStreamsClient);
});

afterAll(async () => {
  await callerApp?.close();
  await microservice?.close();
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

it('routes @MessagePattern handlers and passes a StreamsContext', async () => {
  await expect(firstValueFrom(client.send('rankings.ping', { n: 3 }))).resolves.toEqual({
    pong: 3,
    pattern: 'rankings.ping',
    hasDeadline: true,
  });
});

it('carries an RpcException payload through the Nest exception filter unchanged', async () => {
  await expect(firstValueFrom(client.send('rankings.missing', {}))).rejects.toEqual({
    code: 'not_found',
    message: 'No such industry',
    field: 'industry',
  });
});

it('hides unexpected errors behind an internal error', async () => {
  const error = await firstValueFrom(client.send('rankings.crash', {})).catch((e: unknown) => e);
  expect(error).toEqual({ code: 'internal', message: 'Internal error' });
  expect(JSON.stringify(error)).not.toContain('hunter2');
});

it('runs every @EventPattern handler of the service, once per event', async () => {
  await lastValueFrom(client.emit(EVENT, { industries: [], n: 1 }));
  await eventually('both handlers to run', () => seen.length === 2);
  expect(seen.sort()).toEqual(['first:1', 'second:1']);
  await eventually('the event to be acknowledged', async () => {
    const summary = (await redis.xpending(`${prefix}:evt:${EVENT}`, 'rankings')) as unknown[];
    return summary[0] === 0;
  });
});
