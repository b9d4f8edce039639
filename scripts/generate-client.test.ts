import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../clients/typescript/api.ts';
import { openApiDocument } from '../src/http/openapi.ts';
import { ROUTES } from '../src/http/routes.ts';
import { CLIENT_TYPES_PATH, clientTypes } from './generate-client.ts';

describe('the typed client', () => {
  it('is current with the OpenAPI document (npm run generate:client rewrites it)', async () => {
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8')).toBe(await clientTypes(openApiDocument()));
  });

  it('has one method per operation of the document, with its method and path', () => {
    const routes = Object.values(ROUTES);
    expect(Object.keys(OPERATIONS).sort()).toEqual(routes.map((r) => r.operationId).sort());
    for (const route of routes)
      expect(OPERATIONS[route.operationId as keyof typeof OPERATIONS]).toEqual({
        method: route.method.toUpperCase(),
        path: route.path,
      });
  });
});
