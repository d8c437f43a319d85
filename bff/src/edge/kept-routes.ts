import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import type { DiscoveryService } from '@nestjs/core';
import type { PublicDataDomain } from '@upright/contracts';
import { ANSWER_POLICY, type PublicAnswerDeclaration } from '../shared/public-answer.decorator';

/** A kept GET route as the edge matches it: literal segments and `:name` segments. */
export interface KeptRoute {
  path: string;
  query: readonly string[];
  /** The data its answers are made from, whose version they are kept and shared under. */
  domain: PublicDataDomain;
}

/**
 * The public API routes (`@PublicAnswer` GETs) by path, read from the controllers once at start,
 * so the edge knows before any handler runs which URL a request is kept and answered under: its
 * path and only the query parameters the route reads (decision 0049). Other query parameters
 * (`utm_*`, `fbclid`, junk) neither reach the route nor make a key of their own.
 */
export class KeptRoutes {
  private readonly routes: Array<{
    segments: string[];
    query: readonly string[];
    domain: PublicDataDomain;
  }>;

  constructor(routes: readonly KeptRoute[]) {
    this.routes = routes.map((route) => ({
      segments: route.path.split('/').slice(1),
      query: route.query,
      domain: route.domain,
    }));
  }

  static discover(discovery: DiscoveryService): KeptRoutes {
    const routes: KeptRoute[] = [];
    for (const wrapper of discovery.getControllers()) {
      const type = wrapper.metatype as (new () => unknown) | null;
      if (!type) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, type) ?? '');
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const declared = Reflect.getMetadata(ANSWER_POLICY, handler) as
          PublicAnswerDeclaration | undefined;
        if (declared === undefined) continue;
        if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
        const path = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        routes.push({
          path: joinPath(base, path),
          query: declared.query ?? [],
          domain: declared.domain,
        });
      }
    }
    return new KeptRoutes(routes);
  }

  /**
   * The URL a GET is answered and kept under: the path and the declared query parameters in
   * the route's order; null when the path is not a kept route (the URL is left as it came).
   */
  canonical(url: string): string | null {
    const start = url.indexOf('?');
    const path = start < 0 ? url : url.slice(0, start);
    const route = this.match(path);
    if (route === undefined) return null;
    if (start < 0 || route.query.length === 0) return path;
    return path + declaredQuery(url.slice(start + 1), route.query);
  }

  /** The domain of a kept route's answers for a URL `canonical` gave; null for other URLs. */
  domainOf(url: string): PublicDataDomain | null {
    const start = url.indexOf('?');
    return this.match(start < 0 ? url : url.slice(0, start))?.domain ?? null;
  }

  private match(path: string) {
    const parts = path.split('/').slice(1);
    return this.routes.find(
      ({ segments }) =>
        segments.length === parts.length &&
        segments.every((segment, index) =>
          segment.startsWith(':') ? parts[index] !== '' : segment === parts[index],
        ),
    );
  }
}

/** `?a=1&c=3` of `search` for the names read, in the route's order; '' when none is given. */
export function declaredQuery(search: string, read: readonly string[]): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of read) for (const value of given.getAll(name)) kept.append(name, value);
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}

function joinPath(base: string, path: string): string {
  return `/${[base, path]
    .map((part) => part.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}
