import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';

interface ModuleLike {
  module?: Type;
  controllers?: Type[];
  imports?: unknown[];
}

/** The controllers of a module and of everything it imports, as Nest would discover them. */
export function controllersOf(module: unknown, seen = new Set<unknown>()): Type[] {
  if (module === undefined || module === null || seen.has(module)) return [];
  seen.add(module);
  const dynamic = module as ModuleLike;
  const target = dynamic.module ?? (module as Type);
  const read = (key: string) => (Reflect.getMetadata(key, target) ?? []) as unknown[];
  const controllers = [...read(MODULE_METADATA.CONTROLLERS), ...(dynamic.controllers ?? [])];
  const imports = [...read(MODULE_METADATA.IMPORTS), ...(dynamic.imports ?? [])];
  return [
    ...(controllers as Type[]),
    ...imports.flatMap((imported) => controllersOf(imported, seen)),
  ];
}
