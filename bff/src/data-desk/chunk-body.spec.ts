import type { ExecutionContext } from '@nestjs/common';
import { DESK_CHUNK_BYTES } from '@upright/contracts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { translateError } from '../shared/api-error.filter';
import { ChunkBodyReader, chunkBytes } from './chunk-body';

/** What the route would see: the bytes' length, or the HTTP answer the failure becomes. */
interface Seen {
  status: number;
  body: unknown;
}

describe('reading an upload chunk', () => {
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const reader = new ChunkBodyReader();
    server = createServer((request: IncomingMessage, response: ServerResponse) => {
      const context = {
        switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
      } as unknown as ExecutionContext;
      const answer = (seen: Seen) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(seen));
      };
      reader.canActivate(context).then(
        () => {
          try {
            const bytes = chunkBytes((request as IncomingMessage & { body?: unknown }).body);
            answer({ status: 204, body: { length: bytes.length, last: bytes[bytes.length - 1] } });
          } catch (error) {
            answer(translateError(error));
          }
        },
        (error: unknown) => answer(translateError(error)),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const put = async (body: RequestInit['body'], contentType = 'application/octet-stream') => {
    const response = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': contentType },
      body,
      duplex: 'half',
    } as RequestInit);
    return (await response.json()) as Seen;
  };

  it('reads a chunk of DESK_CHUNK_BYTES as its bytes', async () => {
    const chunk = Buffer.alloc(DESK_CHUNK_BYTES, 1);
    chunk[chunk.length - 1] = 9;
    await expect(put(chunk)).resolves.toEqual({
      status: 204,
      body: { length: DESK_CHUNK_BYTES, last: 9 },
    });
  });

  it("refuses one byte more with 413 and the site's error body", async () => {
    await expect(put(Buffer.alloc(DESK_CHUNK_BYTES + 1))).resolves.toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', message: 'The request body is too large.' } },
    });
  });

  it('refuses a larger body sent without a length as it arrives', async () => {
    const parts = Array.from({ length: 5 }, () => Buffer.alloc(DESK_CHUNK_BYTES / 4));
    const seen = await put(Readable.toWeb(Readable.from(parts)) as unknown as RequestInit['body']);
    expect(seen.status).toBe(413);
  });

  it('leaves any other media type unread: the route refuses it with a 400 naming body', async () => {
    await expect(put('{"data":"AAAA"}', 'application/json')).resolves.toEqual({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: "body must be the chunk's bytes, sent as application/octet-stream",
          field: 'body',
        },
      },
    });
  });

  it('refuses an empty chunk', () => {
    expect(() => chunkBytes(Buffer.alloc(0))).toThrow('Bad Request');
    expect(translateError(catchError(() => chunkBytes(Buffer.alloc(0)))).body.error).toEqual({
      code: 'validation_failed',
      message: 'body must not be empty',
      field: 'body',
    });
    expect(translateError(catchError(() => chunkBytes(undefined))).status).toBe(400);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}
