/**
 * The OpenAPI 3.1 document of the API, generated from the router itself: the routes it mounts (src/http/mount.ts) (with the zod
 * schemas that validate their requests; the components are the named schemas they reach, checked against the
 * explicit list of src/contract/openapi.ts in the tests), the document's metadata of src/contract/openapi.ts, and examples the build computes with the library. Written by the build to
 * /api/openapi.json.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { API_INFO, API_TAGS, SECURITY_SCHEMES, type Examples } from '../contract/openapi.ts';
import { createApp } from './app.ts';
import { responsesOf } from './answers.ts';
import { mountedRoutes } from './mount.ts';
import { documentedOf, ROUTES } from './routes.ts';

type JsonObject = Record<string, unknown>;

/**
 * The OpenAPI 3.1 document. Example: `openApiDocument(apiExamples())`.
 */
export function openApiDocument(examples: Examples = {}): JsonObject {
  // The routes as the router mounts them, in its order, registered as OpenAPIHono registers what it mounts.
  const app = new OpenAPIHono();
  const registry = app.openAPIRegistry;
  // Their responses come from the declarations (src/http/answers.ts): the router itself carries none.
  for (const route of mountedRoutes(createApp()))
    registry.registerPath({ ...route, responses: responsesOf(documentedOf(route.operationId!)) });
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES))
    registry.registerComponent('securitySchemes', name, { ...scheme });
  const document = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { ...API_INFO },
    servers: [{ url: '/', description: 'The deployment serving this document' }],
    tags: API_TAGS.map((tag) => ({ ...tag })),
  }) as unknown as JsonObject;
  const paths = document.paths as Record<string, Record<string, JsonObject>>;
  for (const route of Object.values(ROUTES)) {
    const operation = paths[route.path]![route.method]! as { responses: Record<string, JsonObject> };
    const example = examples.bodies?.[route.operationId!];
    const success = (operation.responses['200']!.content as Record<string, JsonObject> | undefined)?.[
      'application/json'
    ];
    if (example !== undefined && success) success.example = example;
    const badRequest = (operation.responses['400']?.content as Record<string, JsonObject> | undefined)?.[
      'application/problem+json'
    ];
    if (examples.badRequest && badRequest) badRequest.example = examples.badRequest;
  }
  return document;
}
