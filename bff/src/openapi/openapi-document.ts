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
import { ANSWER_POLICY } from '../shared/public-answer.decorator';
import { AdminGuard, MemberGuard, OptionalMemberGuard, PasswordLaneGuard } from '../auth';
import { CSRF_EXEMPT } from '../auth/csrf';
import { CSRF_HEADER } from '../auth/session-cookie';
import { documentedAs } from '../shared/route-params';
import { acceptsIdempotencyKey, idempotencyKeyParameter } from '../idempotency/idempotency-key';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { OPERATION_DOC, type OperationDoc } from '../shared/operation.decorator';

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
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  /** The parameters this one is only given with (JSON Schema's `dependentRequired`). */
  'x-upright-requires'?: string[];
  schema: JsonSchema;
  style?: 'form';
  explode?: false;
}

/** The cookies of this deployment (`__Host-` names in production). */
export interface DocumentCookies {
  session: string;
  csrf: string;
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

function jsonSchemaOf(
  schema: z.ZodType,
  io: 'input' | 'output',
  override?: (context: { zodSchema: unknown; jsonSchema: JsonSchema }) => void,
): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override,
  }) as JsonSchema;
  return rest;
}

/**
 * What a request sends, which is what the pipes' schemas read (before their transforms); a
 * parameter registered in `documentedAs` (digits read as a bounded number, a comma list) is
 * described by the value it is read as, which is what its limits are about.
 */
function inputSchema(schema: z.ZodType): JsonSchema {
  return jsonSchemaOf(schema, 'input', (context) => {
    const zodSchema = context.zodSchema as z.ZodType;
    const readAs = documentedAs.get(zodSchema);
    if (readAs !== undefined) {
      for (const key of Object.keys(context.jsonSchema)) delete context.jsonSchema[key];
      Object.assign(context.jsonSchema, jsonSchemaOf(readAs, 'output'));
    }
    // The input side leaves defaults out; a read-as value's default is a value of its schema.
    if (zodSchema instanceof z.ZodDefault && documentedAs.has(zodSchema.def.innerType)) {
      context.jsonSchema.default = zodSchema.def.defaultValue;
    }
  });
}

/** What an answer holds: the schema's output side, objects closed to unknown fields. */
function answerSchema(schema: z.ZodType): JsonSchema {
  return jsonSchemaOf(schema, 'output');
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
  // Parameters given together or not at all (`?year=&qrt=`) are the schema's `dependentRequired`,
  // which OpenAPI cannot say across parameters: each says it in words and as an extension.
  const dependencies = (json.dependentRequired ?? {}) as Record<string, string[]>;
  const parameter = (name: string, property: JsonSchema, required: boolean): Parameter => {
    const requires = dependencies[name];
    return {
      name,
      in: location,
      required: location === 'path' || required,
      ...(requires !== undefined
        ? {
            description: `Only with ${requires.map((other) => `\`${other}\``).join(' and ')}: give them together or not at all.`,
            'x-upright-requires': requires,
          }
        : {}),
      schema: property,
      // A query's list travels as one comma-separated value (`?c=a,b`), not as repeated
      // parameters; a path's does by default (`simple`).
      ...(location === 'query' && property.type === 'array'
        ? { style: 'form' as const, explode: false as const }
        : {}),
    };
  };
  if (single !== undefined) return [parameter(single, json, false)];
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) =>
    parameter(name, property, required.has(name)),
  );
}

const UNSAFE_METHODS = new Set(['post', 'put', 'delete', 'patch']);

type Access = 'admin' | 'member' | 'optional' | 'public';

function accessOf(guards: unknown[]): Access {
  if (guards.includes(AdminGuard)) return 'admin';
  if (guards.includes(MemberGuard)) return 'member';
  if (guards.includes(OptionalMemberGuard)) return 'optional';
  return 'public';
}

/**
 * Who may call, as the guards enforce it: a session (the cookie, or its token as a bearer) for
 * members and admins, and for a cookie-borne write the CSRF double submit (its header equal to its
 * cookie, decision 0018), which a bearer request does not need. Alternatives are OR'ed; the
 * schemes of one alternative are AND'ed.
 */
function securityOf(access: Access, csrf: boolean): object {
  const withCsrf = (requirement: Record<string, string[]>) =>
    csrf ? { ...requirement, csrfHeader: [], csrfCookie: [] } : requirement;
  const signedIn = [withCsrf({ session: [] }), { bearer: [] }];
  const alternatives =
    access === 'admin' || access === 'member'
      ? signedIn
      : access === 'optional'
        ? [withCsrf({}), ...signedIn]
        : csrf
          ? [withCsrf({}), { bearer: [] }]
          : // Anyone, with nothing: said outright, so no document-wide default could apply.
            [];
  return { security: alternatives, 'x-upright-access': access };
}

const ERROR_CONTENT = {
  'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
};

/**
 * A route that carries a password may be refused at once when too many are under way at the
 * replica or its ingress (decisions 0059, 0081): said, with the wait, to whoever calls it.
 */
const PASSWORD_LANE_REFUSAL = {
  description:
    'Busy: too many requests carrying a password are under way; nothing was done. Ask again after Retry-After seconds (1).',
  headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
  content: ERROR_CONTENT,
};

function responsesOf(status: string, doc: OperationDoc | undefined): Record<string, unknown> {
  // A 204 has no body, whatever the handler's (undefined) answer.
  const success =
    doc === undefined || status === '204'
      ? { description: 'Success' }
      : {
          description: 'Success',
          content: {
            'application/json': { schema: answerSchema(doc.answer) },
            ...(doc.alsoAs !== undefined ? { [doc.alsoAs]: { schema: { type: 'string' } } } : {}),
          },
        };
  const others = Object.fromEntries(
    (doc?.others ?? []).map((other) => [
      String(other.status),
      {
        description: other.description,
        ...(other.schema !== undefined
          ? { content: { 'application/json': { schema: answerSchema(other.schema) } } }
          : {}),
      },
    ]),
  );
  return {
    [status]: success,
    ...others,
    '4XX': {
      description:
        'Bad input (400, naming the field), signed out (401), refused (403), unknown (404) or too many requests (429)',
      content: ERROR_CONTENT,
    },
    '5XX': { description: 'A service is unavailable or slow (503, 504)', content: ERROR_CONTENT },
  };
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
  const doc = Reflect.getMetadata(OPERATION_DOC, handler) as OperationDoc | undefined;
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
      const schema = zodSchemaOf(argument) ?? doc?.body;
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
  // Writes take the key of the user action they belong to (decision 0050).
  if (acceptsIdempotencyKey(method, handler)) parameters.push(idempotencyKeyParameter);

  const status = String(
    (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
      (method === 'post' ? 201 : 200),
  );
  const publicAnswer = Reflect.getMetadata(ANSWER_POLICY, handler) !== undefined;
  // Guards of the controller apply to each of its routes, before the route's own.
  const guards = [controller, handler].flatMap(
    (target) => (Reflect.getMetadata(GUARDS_METADATA, target) ?? []) as unknown[],
  );
  const csrf = UNSAFE_METHODS.has(method) && Reflect.getMetadata(CSRF_EXEMPT, handler) !== true;
  const operation = {
    operationId: `${controller.name.replace(/Controller$/, '')}_${methodName}`,
    ...(doc !== undefined ? { summary: doc.summary } : {}),
    tags: [controller.name.replace(/Controller$/, '')],
    ...(publicAnswer ? { 'x-upright-public-answer': true } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body !== undefined
      ? {
          requestBody: {
            required: true,
            // Bytes have no schema to state: the media type says what they are.
            content:
              doc?.bytesBody !== undefined
                ? { [doc.bytesBody]: {} }
                : { 'application/json': { schema: body } },
          },
        }
      : {}),
    ...securityOf(accessOf(guards), csrf),
    ...(guards.includes(PasswordLaneGuard) ? { 'x-upright-password-lane': true } : {}),
    responses: {
      ...responsesOf(status, doc),
      ...(guards.includes(PasswordLaneGuard) ? { '503': PASSWORD_LANE_REFUSAL } : {}),
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
 * Moves the `$defs` zod gives a recursive schema (named with `.meta({ id })`) where it is used to
 * `components.schemas`: in the document, `#/$defs/…` would point into the document itself.
 */
function hoistDefinitions(node: unknown, schemas: Record<string, JsonSchema>): void {
  if (typeof node !== 'object' || node === null) return;
  const object = node as Record<string, unknown>;
  if (typeof object.$ref === 'string' && object.$ref.startsWith('#/$defs/')) {
    object.$ref = `#/components/schemas/${object.$ref.slice('#/$defs/'.length)}`;
  }
  const defs = object.$defs as Record<string, JsonSchema> | undefined;
  delete object.$defs;
  for (const [name, schema] of Object.entries(defs ?? {})) {
    hoistDefinitions(schema, schemas);
    if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(schema)) {
      throw new Error(`Two different schemas are named ${name}`);
    }
    schemas[name] = schema;
  }
  for (const value of Object.values(object)) hoistDefinitions(value, schemas);
}

/**
 * The OpenAPI 3.1 document of every `/api` route the controllers declare, generated from the
 * zod schemas their `ZodValidationPipe`s validate with: what is documented is what is checked.
 */
export function openApiDocument(
  controllers: readonly Type[],
  cookies: DocumentCookies,
): Record<string, unknown> {
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
  const schemas: Record<string, JsonSchema> = { ErrorBody: inputSchema(errorBody) };
  hoistDefinitions(sorted, schemas);
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
      schemas,
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: cookies.session,
          description: 'The session cookie that signing in or up sets.',
        },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The `token` of the sign-in or sign-up answer; a bearer request needs no CSRF token.',
        },
        csrfHeader: {
          type: 'apiKey',
          in: 'header',
          name: CSRF_HEADER,
          description:
            'Equal to the CSRF cookie: `GET /api/csrf` issues both (and signing in, up or out renews them).',
        },
        csrfCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: cookies.csrf,
          description: 'The readable CSRF cookie that `GET /api/csrf` sets.',
        },
      },
    },
  };
}
