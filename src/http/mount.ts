/**
 * Mounting a route of src/http/routes.ts on a plain hono router, with the request validators its declaration
 * implies: what @hono/zod-openapi's `OpenAPIHono.openapi` does (its 1.6 source, MIT, ported as it is), without
 * the OpenAPI registry and generator. The function bundle then carries neither @hono/zod-openapi nor
 * @asteasolutions/zod-to-openapi, nor the `z` namespace they take whole (zod's 64 locales); the document is
 * generated at build time from the same route objects, in the order mounted (src/http/openapi.ts).
 * A read's schemas are built as it is mounted; any other route's on its first request (its `request` is read
 * then, src/http/routes.ts), so an isolate does not build the admin's at start.
 */
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { zValidator } from '@hono/zod-validator';
import type { Context, Env as HonoEnv, Hono, MiddlewareHandler, Next } from 'hono';
import { HTTPException } from 'hono/http-exception';

/** The route objects each router mounted, in order (without their middleware): the OpenAPI document's paths. */
const mounted = new WeakMap<object, RouteConfig[]>();

/** The routes `app` mounted through its mounter, in order. */
export function mountedRoutes(app: object): readonly RouteConfig[] {
  return mounted.get(app) ?? [];
}

type AnyHook = (result: { success: boolean } & Record<string, unknown>, c: Context) => unknown;

interface Validating {
  safeParseAsync(value: unknown): Promise<unknown>;
}

/** A zod schema (not a plain JSON Schema object, as a multipart upload is declared). */
function isZod(x: unknown): x is Validating {
  if (typeof x !== 'object' || x === null) return false;
  const s = x as Record<string, unknown>;
  return (
    typeof s.parse === 'function' &&
    typeof s.safeParse === 'function' &&
    typeof s.parseAsync === 'function' &&
    typeof s.safeParseAsync === 'function'
  );
}

function isJSONContentType(contentType: string): boolean {
  return /^application\/([a-z-.]+\+)?json/i.test(contentType);
}

function isFormContentType(contentType: string): boolean {
  const lower = contentType.toLowerCase();
  return lower.startsWith('multipart/form-data') || lower.startsWith('application/x-www-form-urlencoded');
}

const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;
const MULTIPART_REQUEST = /^multipart\/form-data(;\s?boundary=[a-zA-Z0-9'"()+_,\-./:=?]+)?$/i;
const URLENCODED_REQUEST = /^application\/x-www-form-urlencoded(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

function matchesMediaType(contentType: string, mediaType: string): boolean {
  if (mediaType === '*/*') return true;
  if (isJSONContentType(mediaType)) return JSON_REQUEST.test(contentType);
  if (isFormContentType(mediaType))
    return MULTIPART_REQUEST.test(contentType) || URLENCODED_REQUEST.test(contentType);
  const essence = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType.endsWith('/*')) return essence.startsWith(mediaType.slice(0, -1).toLowerCase());
  return essence === mediaType.toLowerCase();
}

async function hasRequestBody(c: Context): Promise<boolean> {
  const raw = c.req.raw;
  if (raw.body === null) return false;
  if (raw.bodyUsed) return (await c.req.arrayBuffer()).byteLength > 0;
  const body = raw.clone().body;
  if (body === null) return false;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      if (value.byteLength > 0) return true;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/**
 * A query naming a parameter its route does not declare fails as a validation does, through the hook: zod's object
 * schemas drop unknown keys, so `?yaer=2083`, or `?date=` on today's record, answered as if it were not there. Names
 * beginning with `_` pass: the cache-busters some HTTP clients add (`_=1700000000`). Not in `OpenAPIHono.openapi`.
 */
function unknownQueryGuard(schema: unknown, hook: AnyHook): MiddlewareHandler | null {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape) return null;
  const known = Object.keys(shape).join(', ');
  return async (c: Context, next: Next) => {
    const url = c.req.url;
    const query = url.indexOf('?');
    if (query < 0) return next();
    for (const key of new URLSearchParams(url.slice(query + 1)).keys()) {
      if (key === '' || key.startsWith('_') || Object.hasOwn(shape, key)) continue;
      const message = `not a parameter of this endpoint, which takes ${known}`;
      const issue = { code: 'custom', path: [key], message };
      // The router's hook throws the problem; a hook that answers instead is answered with, as zValidator does.
      const answer = await hook({ success: false, target: 'query', data: {}, error: { issues: [issue] } }, c);
      if (answer instanceof Response) return answer;
    }
    await next();
  };
}

/** The validators of a route's path, query, headers, cookies and body, as `OpenAPIHono.openapi` builds them. */
function validatorsOf(route: RouteConfig, hook: AnyHook): MiddlewareHandler[] {
  const validate = (target: string, schema: unknown) =>
    zValidator(target as 'query', schema as never, hook as never) as unknown as MiddlewareHandler;
  const validators: MiddlewareHandler[] = [];
  const request = route.request;
  const unknownQuery = request?.query && unknownQueryGuard(request.query, hook);
  if (unknownQuery) validators.push(unknownQuery);
  if (request?.query) validators.push(validate('query', request.query));
  if (request?.params) validators.push(validate('param', request.params));
  if (request?.headers) validators.push(validate('header', request.headers));
  if (request?.cookies) validators.push(validate('cookie', request.cookies));
  const bodyContent = request?.body?.content as Record<string, { schema?: unknown } | undefined> | undefined;
  if (!bodyContent) return validators;
  const declared = Object.keys(bodyContent);
  if (
    declared.some(
      (type) => isZod(bodyContent[type]?.schema) && (isJSONContentType(type) || isFormContentType(type)),
    )
  )
    validators.push(async (c: Context, next: Next) => {
      const contentType = c.req.header('content-type');
      if (contentType) {
        if (!declared.some((type) => matchesMediaType(contentType, type)))
          throw new HTTPException(415, { message: 'Unsupported Media Type' });
      } else if (await hasRequestBody(c)) throw new HTTPException(415, { message: 'Unsupported Media Type' });
      await next();
    });
  const required = request?.body?.required;
  for (const type of declared) {
    const schema = bodyContent[type]?.schema;
    if (!isZod(schema)) continue;
    for (const [target, matches] of [
      ['json', isJSONContentType],
      ['form', isFormContentType],
    ] as const) {
      if (!matches(type)) continue;
      const validator = validate(target, schema);
      if (required) {
        validators.push(validator);
        continue;
      }
      validators.push(async (c: Context, next: Next) => {
        const contentType = c.req.header('content-type');
        if (contentType && matches(contentType)) return validator(c, next);
        c.req.addValidatedData(target, {});
        await next();
      });
    }
  }
  return validators;
}

interface Documented {
  meta?: () => { example?: unknown } | undefined;
  unwrap?: () => Documented;
}

/** A field's documented example: its own, or that of the schema it wraps (`.optional()`, `.default()`). */
function exampleOf(field: Documented | undefined): unknown {
  for (let f = field; f; f = f.unwrap?.()) {
    const value = f.meta?.()?.example;
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The example of an object schema of a query or path: each field's documented example as text, as a URL gives
 * it (fields without one left out). Example: `exampleRequest(z.object({ year: z.string().meta({ example: '2083' }) }))`
 * is `{ year: '2083' }`.
 */
export function exampleRequest(schema: unknown): Record<string, string> {
  const shape = (schema as { shape?: Record<string, Documented> }).shape ?? {};
  return Object.fromEntries(
    Object.entries(shape).flatMap(([key, field]) => {
      const value = exampleOf(field);
      return value === undefined ? [] : [[key, String(value)]];
    }),
  );
}

/**
 * Parses an object schema's documented example once and drops the answer: zod builds the lazy parts of a schema
 * (its shape's keys, each field's optionality and checks) on its first parse, about 1 ms of a read's first request
 * (session 20: fresh processes of the bundle before and after, interleaved, scripts/bench/functions.ts).
 */
function parseExample(schema: unknown): void {
  if (isZod(schema))
    (schema as unknown as { safeParse(value: unknown): unknown }).safeParse(exampleRequest(schema));
}

/**
 * The validators of `route`, as `validators()` gives them. A read (GET) builds them when it is mounted, in the
 * isolate's start, which Cloudflare limits apart (1 s for the global scope) from a request's CPU (10 ms on the free
 * plan), and parses its example: zod's own first use (5–7 ms) and a schema's first parse are then not a first
 * request's. Any other route builds them on its first request and keeps them: before it, the route's `request` (and
 * its schemas) is not read.
 */
function routeValidators(route: RouteConfig, hook: AnyHook): () => readonly MiddlewareHandler[] {
  let validators: MiddlewareHandler[] | undefined;
  if (route.method === 'get') {
    validators = validatorsOf(route, hook);
    parseExample(route.request?.query);
    parseExample(route.request?.params);
  }
  return () => (validators ??= validatorsOf(route, hook));
}

/**
 * A route's middleware and handler as one handler, run as hono's compose runs them (each middleware in turn, an
 * answer one gives without going on kept, the handler last, what it answers the route's answer; what any throws goes
 * to the app's error handler): the router then holds one entry a route, where it held one a middleware and handler,
 * and the LinearRouter reads each entry's path afresh on every request. `chain()` gives the middleware (built on
 * first use).
 */
function asOneHandler<C extends Context>(
  chain: () => readonly MiddlewareHandler[],
  handler: (c: C) => unknown,
): (c: C) => Promise<unknown> {
  return async (c) => {
    const middleware = chain();
    let answer: unknown;
    const run = async (i: number): Promise<void> => {
      if (i === middleware.length) {
        answer = await handler(c);
        return;
      }
      const given = await middleware[i]!(c, () => run(i + 1));
      if (given && !c.finalized) c.res = given;
    };
    await run(0);
    return answer ?? c.res;
  };
}

/** The fields of `route` as they are, its `request` not read: a spread (`{ ...route }`) would build it. */
function fieldsOf(route: RouteConfig): PropertyDescriptorMap {
  return Object.getOwnPropertyDescriptors(route);
}

/**
 * `route` with its own middleware (run after the router's, before its validators), its schemas still unbuilt.
 * Example: `openapi(withMiddleware(ROUTES.login, bodyLimit), (c) => …)`.
 */
export function withMiddleware<R extends RouteConfig>(route: R, ...middleware: MiddlewareHandler[]): R {
  return Object.defineProperties(
    {},
    {
      ...fieldsOf(route),
      middleware: { value: middleware, enumerable: true },
    },
  ) as R;
}

/**
 * The mounter of `app`: `openapi(route, handler)` as on an OpenAPIHono (typed the same: the handler's
 * `c.req.valid` knows the route's schemas), every failed validation answered by `hook`.
 * Example: `const openapi = mounter(app, validationProblem); openapi(ROUTES.today, (c) => …)`.
 */
export function mounter<E extends HonoEnv>(app: Hono<E>, hook: AnyHook): OpenAPIHono<E>['openapi'] {
  const routes: RouteConfig[] = [];
  mounted.set(app, routes);
  const openapi = (declared: RouteConfig, handler: (c: Context<E>) => unknown): unknown => {
    const { middleware: _middleware, hide: _hide, ...fields } = fieldsOf(declared);
    const route = Object.defineProperties({}, fields) as RouteConfig;
    if (!declared.hide) routes.push(route);
    const { middleware } = declared;
    const own = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
    const validators = routeValidators(route, hook);
    let chain: readonly MiddlewareHandler[] | undefined;
    app.on(
      [route.method],
      [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')],
      asOneHandler(() => (chain ??= [...(own as MiddlewareHandler[]), ...validators()]), handler) as never,
    );
    return app;
  };
  return openapi as unknown as OpenAPIHono<E>['openapi'];
}
