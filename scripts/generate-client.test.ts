import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../clients/typescript/api.ts';
import { ENDPOINTS, openApiDocument } from '../src/contract/openapi.ts';
import { CLIENT_TYPES_PATH, clientTypes } from './generate-client.ts';

describe('the typed client', () => {
  it('is current with the OpenAPI document (npm run generate:client rewrites it)', async () => {
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8')).toBe(await clientTypes(openApiDocument()));
  });

  it('has one method per operation of the document, with its method and path', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(ENDPOINTS.map((e) => e.operationId).sort());
    for (const endpoint of ENDPOINTS)
      expect(OPERATIONS[endpoint.operationId as keyof typeof OPERATIONS]).toEqual({
        method: endpoint.method.toUpperCase(),
        path: endpoint.path,
      });
  });
});
