import { DynamicModule, Module } from '@nestjs/common';

/** The injection token of a process's validated config: `@Inject(SERVICE_CONFIG) config: …`. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

/** Makes a service's validated config injectable everywhere under `token`. */
@Module({})
export class ConfigModule {
  static forRoot<T>(token: symbol, config: T): DynamicModule {
    return {
      module: ConfigModule,
      global: true,
      providers: [{ provide: token, useValue: config }],
      exports: [token],
    };
  }
}
