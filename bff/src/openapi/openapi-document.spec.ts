import 'reflect-metadata';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import {
  AdminGuard,
  CsrfExempt,
  MemberGuard,
  OptionalMemberGuard,
  PasswordLaneGuard,
} from '../auth';
import { periodQuery, wholeNumberParam } from '../shared/route-params';
import { ZodValidationPipe } from '../shared/zod-validation.pipe';
import { comparisonQuery } from '../history/history.schemas';
import { sourcesParams } from '../reports/reports.schemas';
import { openApiDocument } from './openapi-document';
import { Operation } from '../shared/operation.decorator';

const answer = z.object({ done: z.boolean() });
const idParams = z.object({ id: wholeNumberParam(1, 99) });
const body = z.object({ name: z.string() });
const pageQuery = z.object({ page: wholeNumberParam(1, 500).default(1) });
interface Tree {
  name: string;
  children?: Tree[];
}
const tree: z.ZodType<Tree> = z
  .lazy(() => z.strictObject({ name: z.string(), children: z.array(tree).optional() }))
  .meta({ id: 'Tree' });

@Controller('api/things')
@UseGuards(MemberGuard)
class MembersThingsController {
  @Operation({ summary: 'Lists things', answer })
  @Get(':id')
  list(
    @Param(new ZodValidationPipe(idParams)) _params: unknown,
    @Query(new ZodValidationPipe(pageQuery)) _query: unknown,
  ) {
    return { done: true };
  }

  @Operation({ summary: 'Makes a thing', answer })
  @Post()
  make(@Body(new ZodValidationPipe(body)) _body: unknown) {
    return { done: true };
  }
}

@Controller('api/open')
class OpenThingsController {
  @Operation({
    summary: 'Compares',
    answer,
    others: [{ status: 204, description: 'Nothing to compare' }],
  })
  @Get('compare')
  compare(@Query(new ZodValidationPipe(comparisonQuery)) _query: unknown) {
    return { done: true } as { done: boolean } | undefined;
  }

  @Operation({ summary: 'Searches', answer })
  @Post('search')
  @CsrfExempt()
  @UseGuards(OptionalMemberGuard)
  search() {
    return { done: true };
  }

  @Operation({ summary: 'Sends', answer })
  @Post('send')
  send() {
    return { done: true };
  }

  @Operation({ summary: 'Reads at a period', answer })
  @Get('period/:companies')
  period(
    @Param(new ZodValidationPipe(sourcesParams)) _params: unknown,
    @Query(new ZodValidationPipe(periodQuery)) _query: unknown,
  ) {
    return { done: true };
  }

  @Operation({ summary: 'Plants', answer, body: tree })
  @Post('plant')
  plant(@Body() _body: unknown) {
    return { done: true };
  }

  @Operation({ summary: 'Publishes', answer })
  @Post('publish')
  @UseGuards(AdminGuard)
  publish() {
    return { done: true };
  }

  @Operation({
    summary: 'Keeps bytes',
    answer: z.undefined(),
    bytesBody: 'application/octet-stream',
  })
  @Put('bytes')
  @HttpCode(204)
  keep(@Body() _body: unknown) {
    return undefined;
  }

  // @ts-expect-error the handler answers what the document does not say
  @Operation({ summary: 'Wrong', answer })
  @Get('wrong')
  wrong() {
    return { finished: true };
  }
}

@Controller('api')
class PasswordThingsController {
  @Post('sign')
  @UseGuards(PasswordLaneGuard)
  sign(@Body() _body: unknown) {
    return undefined;
  }

  @Post('other')
  other(@Body() _body: unknown) {
    return undefined;
  }
}

type Operations = Record<string, Record<string, Record<string, unknown>>>;

describe('openApiDocument', () => {
  const document = openApiDocument([MembersThingsController, OpenThingsController], {
    session: 'session_cookie',
    csrf: 'csrf_cookie',
  }) as {
    paths: Operations;
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  };
  const operation = (path: string, method: string) => document.paths[path][method];

  it('reads guards of the controller and of the route as the access each operation needs', () => {
    expect(operation('/api/things/{id}', 'get')).toMatchObject({
      security: [{ session: [] }, { bearer: [] }],
      'x-upright-access': 'member',
    });
    expect(operation('/api/open/publish', 'post')).toMatchObject({
      security: [{ session: [], csrfHeader: [], csrfCookie: [] }, { bearer: [] }],
      'x-upright-access': 'admin',
    });
    expect(operation('/api/open/compare', 'get')).toMatchObject({
      security: [],
      'x-upright-access': 'public',
    });
  });

  it('asks for the CSRF pair on writes, unless exempt; a bearer request needs none', () => {
    expect(operation('/api/things', 'post').security).toEqual([
      { session: [], csrfHeader: [], csrfCookie: [] },
      { bearer: [] },
    ]);
    expect(operation('/api/open/send', 'post').security).toEqual([
      { csrfHeader: [], csrfCookie: [] },
      { bearer: [] },
    ]);
    expect(operation('/api/open/search', 'post').security).toEqual([
      {},
      { session: [] },
      { bearer: [] },
    ]);
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'session_cookie' },
      bearer: { type: 'http', scheme: 'bearer' },
      csrfHeader: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
      csrfCookie: { type: 'apiKey', in: 'cookie', name: 'csrf_cookie' },
    });
  });

  it('describes digits and comma lists by the values they are read as, with their limits', () => {
    expect(operation('/api/things/{id}', 'get').parameters).toEqual([
      {
        name: 'id',
        in: 'path',
        required: true,
        schema: { type: 'integer', minimum: 1, maximum: 99 },
      },
      {
        name: 'page',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: 500, default: 1 },
      },
    ]);
    expect(operation('/api/open/compare', 'get').parameters).toEqual([
      {
        name: 'c',
        in: 'query',
        required: true,
        style: 'form',
        explode: false,
        schema: expect.objectContaining({
          type: 'array',
          minItems: 2,
          maxItems: 4,
          uniqueItems: true,
        }),
      },
    ]);
  });

  it('says which parameters are given only together, in words and as x-upright-requires', () => {
    const [companies, year, qrt] = operation('/api/open/period/{companies}', 'get')
      .parameters as Record<string, unknown>[];
    expect(year).toMatchObject({
      name: 'year',
      required: false,
      description: expect.stringContaining('`qrt`'),
      'x-upright-requires': ['qrt'],
    });
    expect(qrt).toMatchObject({ name: 'qrt', 'x-upright-requires': ['year'] });
    // A path's list is comma-separated by default: no query style.
    expect(companies).toEqual({
      name: 'companies',
      in: 'path',
      required: true,
      schema: expect.objectContaining({ type: 'array', minItems: 1, maxItems: 100 }),
    });
  });

  it('states a body the handler checks itself, a recursive schema once as a component', () => {
    const body = operation('/api/open/plant', 'post').requestBody as Record<string, unknown>;
    expect(body).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } },
    });
    expect(document.components.schemas.Tree).toMatchObject({
      properties: {
        children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
      },
    });
    expect(JSON.stringify(document)).not.toContain('$defs');
  });

  it('gives each operation its summary, its answer and its other answers', () => {
    expect(operation('/api/open/compare', 'get')).toMatchObject({
      summary: 'Compares',
      responses: {
        '200': {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { done: { type: 'boolean' } },
                required: ['done'],
                additionalProperties: false,
              },
            },
          },
        },
        '204': { description: 'Nothing to compare' },
        '4XX': { content: { 'application/json': { schema: expect.anything() } } },
      },
    });
    expect(operation('/api/things', 'post').responses).toHaveProperty('201.content');
  });

  it('states a body of bytes by its media type, and a 204 without content', () => {
    const keep = operation('/api/open/bytes', 'put');
    expect(keep.requestBody).toEqual({
      required: true,
      content: { 'application/octet-stream': {} },
    });
    expect((keep.responses as Record<string, unknown>)['204']).toEqual({ description: 'Success' });
  });

  it('marks the routes of the password lane and says how they are refused when busy', () => {
    const paths = (
      openApiDocument([PasswordThingsController], { session: 's', csrf: 'c' }) as {
        paths: Operations;
      }
    ).paths;
    const sign = paths['/api/sign'].post;
    expect(sign['x-upright-password-lane']).toBe(true);
    expect((sign.responses as Record<string, Record<string, unknown>>)['503']).toMatchObject({
      description: expect.stringMatching(/^Busy: .*Retry-After/),
      headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
    });
    const other = paths['/api/other'].post;
    expect(other['x-upright-password-lane']).toBeUndefined();
    expect(other.responses).not.toHaveProperty('503');
  });
});
