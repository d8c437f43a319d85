import { RequestMethod, type Type } from '@nestjs/common';
import {
  GUARDS_METADATA,
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { z } from 'zod';
import { ANSWER_POLICY } from '../answer-cache/public-answer.decorator';
import { AdminGuard, MemberGuard } from '../auth';
import { SESSION_COOKIE } from '../auth/session-cookie';
import { ZodValidationPipe } from '../http/zod-validation.pipe';

/**
 * The version of the public read API (docs/product/rules.md#s12); `/developers` states what a
 * change of each part means. Additive changes keep it; a breaking one moves the major version.
 */
export const API_VERSION = '1.0.0';

type JsonSchema = Record<string, unknown>;

interface RouteArgument {
  index: number;
  data?: unknown;
  pipes?: unknown[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

/** docs/product/rules.md#s3: every 4xx/5xx answer of the API. */
const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});

/** What a request sends, which is what the pipes' schemas read (before their transforms). */
function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function zodSchemaOf(argument: RouteArgument): z.ZodType | undefined {
  const pipe = argument.pipes?.find(
    (candidate): candidate is ZodValidationPipe<z.ZodType> =>
      candidate instanceof ZodValidationPipe,
  );
  return pipe?.schema;
}

function joinPath(...parts: unknown[]): string {
  const joined = parts
    .map((part) => String(part ?? '').replace(/^\/+|\/+$/g, ''))
    .filter((part) => part !== '')
    .join('/');
  return `/${joined}`;
}

/** Nest's `:name` segments as OpenAPI's `{name}`. */
function templated(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parametersFrom(
  schema: z.ZodType | undefined,
  location: 'path' | 'query',
  single: string | undefined,
): Parameter[] {
  if (schema === undefined) return [];
  const json = inputSchema(schema);
  if (single !== undefined) {
    return [{ name: single, in: location, required: location === 'path', schema: json }];
  }
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

function securityOf(guards: unknown[]): object | undefined {
  if (guards.some((guard) => guard === AdminGuard)) {
    return { security: [{ session: [] }], 'x-upright-access': 'admin' };
  }
  if (guards.some((guard) => guard === MemberGuard)) {
    return { security: [{ session: [] }], 'x-upright-access': 'member' };
  }
  return undefined;
}

/** The operation of a controller method at each of its paths, from its decorators' metadata. */
function operationsOf(controller: Type, methodName: string) {
  const handler = (controller.prototype as Record<string, unknown>)[methodName];
  if (typeof handler !== 'function') return [];
  const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
  const routePath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
  if (method === undefined || routePath === undefined) return [];
  const prefix = Reflect.getMetadata(PATH_METADATA, controller) as string | undefined;
  const paths = (Array.isArray(routePath) ? routePath : [routePath]).map((path) =>
    templated(joinPath(prefix, path)),
  );
  // Every path of one method has the same parameters (Nest hands them to the same handler).
  const names = [...paths[0].matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, methodName) ?? {}) as Record<
    string,
    RouteArgument
  >;
  const parameters: Parameter[] = [];
  let body: JsonSchema | undefined;
  for (const [key, argument] of Object.entries(args)) {
    const type = Number(key.split(':')[0]) as RouteParamtypes;
    const single = typeof argument.data === 'string' ? argument.data : undefined;
    if (type === RouteParamtypes.PARAM) {
      parameters.push(...parametersFrom(zodSchemaOf(argument), 'path', single));
    } else if (type === RouteParamtypes.QUERY) {
      parameters.push(...parametersFrom(zodSchemaOf(argument), 'query', single));
    } else if (type === RouteParamtypes.BODY) {
      const schema = zodSchemaOf(argument);
      body = schema === undefined ? {} : inputSchema(schema);
    }
  }
  // A path segment no schema describes is still a required string.
  for (const name of names) {
    if (!parameters.some((parameter) => parameter.in === 'path' && parameter.name === name)) {
      parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  // Path parameters first, in the path's order; then the query's in the schema's.
  const position = (parameter: Parameter) =>
    parameter.in === 'path' ? names.indexOf(parameter.name) : names.length;
  parameters.sort((a, b) => position(a) - position(b));

  const status = String(
    (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
      (method === 'post' ? 201 : 200),
  );
  const publicAnswer = Reflect.getMetadata(ANSWER_POLICY, handler) !== undefined;
  const guards = (Reflect.getMetadata(GUARDS_METADATA, handler) ?? []) as unknown[];
  const operation = {
    operationId: `${controller.name.replace(/Controller$/, '')}_${methodName}`,
    tags: [controller.name.replace(/Controller$/, '')],
    ...(publicAnswer ? { 'x-upright-public-answer': true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body !== undefined
      ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
      : {}),
    ...securityOf(guards),
    responses: {
      [status]: { description: 'Success' },
      '4XX': {
        description: 'Bad input (400, naming the field), unknown (404), or refused',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
  };
  return paths.map((path, index) => ({
    path,
    method,
    operation:
      index === 0 ? operation : { ...operation, operationId: `${operation.operationId}_${index}` },
  }));
}

/**
 * The OpenAPI 3.1 document of every `/api` route the controllers declare, generated from the
 * zod schemas their `ZodValidationPipe`s validate with: what is documented is what is checked.
 */
export function openApiDocument(controllers: readonly Type[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const controller of controllers) {
    for (const methodName of Object.getOwnPropertyNames(controller.prototype)) {
      if (methodName === 'constructor') continue;
      for (const found of operationsOf(controller, methodName)) {
        if (!found.path.startsWith('/api/')) continue;
        paths[found.path] = { ...paths[found.path], [found.method]: found.operation };
      }
    }
  }
  const sorted = Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Upright API',
      version: API_VERSION,
      description:
        'The public read API of Upright and the calls its web app makes. Versioning and deprecation: see /developers.',
      license: { name: 'CC BY 4.0 (open data)', identifier: 'CC-BY-4.0' },
    },
    servers: [{ url: '/' }],
    paths: sorted,
    components: {
      schemas: { ErrorBody: inputSchema(errorBody) },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
      },
    },
  };
}
