import { DynamicModule, Module } from '@nestjs/common';

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
