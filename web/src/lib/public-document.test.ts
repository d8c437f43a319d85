import { describe, expect, it } from 'vitest';
import { publicDocument } from './public-document';

describe('the public view of the OpenAPI document', () => {
  it('drops admin operations, paths left empty and tags no operation uses', () => {
    const document = {
      openapi: '3.1.0',
      tags: [{ name: 'Reports' }, { name: 'Admin' }],
      paths: {
        '/api/admin/queue': {
          get: { tags: ['Admin'], 'x-upright-access': 'admin' },
          parameters: [{ name: 'page' }],
        },
        '/api/reports': {
          get: { tags: ['Reports'], 'x-upright-access': 'public' },
          post: { tags: ['Admin'], 'x-upright-access': 'admin' },
          summary: 'Reports',
        },
      },
    };
    expect(publicDocument(document)).toEqual({
      openapi: '3.1.0',
      tags: [{ name: 'Reports' }],
      paths: {
        '/api/reports': {
          get: { tags: ['Reports'], 'x-upright-access': 'public' },
          summary: 'Reports',
        },
      },
    });
  });
});
