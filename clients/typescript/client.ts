/**
 * A typed client of the Panchanga API for apps: one method per operation of the OpenAPI document, named by its
 * operationId, taking that operation's path parameters and query and answering its `data` or its problem.
 * The types come from clients/typescript/api.ts, generated from the document (npm run generate:client).
 *
 * Example:
 * ```ts
 * const api = createPanchangaClient({ baseUrl: 'https://panchanga.example.org', token: 'YOUR_TOKEN' });
 * const answer = await api.range({ query: { from: '2026-04-01', to: '2026-04-30', place: 'london' } });
 * if (answer.ok) console.log(answer.data.length); else console.error(answer.problem.detail);
 * ```
 */
import { OPERATIONS, type Operations, type Problem } from './api.ts';

export type * from './api.ts';

type Id = keyof Operations;

/** What a call takes: path parameters and query when the operation has them, a JSON body for writes. */
export type Input<K extends Id> = (keyof Operations[K]['pathParams'] extends never
  ? { pathParams?: undefined }
  : { pathParams: Operations[K]['pathParams'] }) & {
  query?: Operations[K]['query'];
} & ([Operations[K]['body']] extends [never] ? { body?: undefined } : { body: Operations[K]['body'] });

/** A call's answer: the `data` of a success, or the RFC 9457 problem with its status. */
export type Answer<K extends Id> =
  | { ok: true; status: number; data: Operations[K]['answer']; etag: string | null }
  | { ok: false; status: number; problem: Problem };

export interface ClientOptions {
  /** The site's origin, e.g. https://panchanga.example.org. */
  readonly baseUrl: string;
  /** An API token, sent as `Authorization: Bearer`. */
  readonly token?: string;
  /** A fetch to use (default: the global one). */
  readonly fetch?: typeof fetch;
  /** Headers for every request (e.g. a session cookie for admin calls from a server). */
  readonly headers?: Record<string, string>;
}

export type PanchangaClient = { [K in Id]: (input?: Input<K>) => Promise<Answer<K>> };

/** The URL of an operation: path parameters filled in, the query's given values appended. */
export function operationUrl<K extends Id>(baseUrl: string, id: K, input: Input<K> = {} as Input<K>): URL {
  const { path } = OPERATIONS[id];
  const params = (input.pathParams ?? {}) as Record<string, string>;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const url = new URL(filled, baseUrl);
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  return url;
}

/** A client whose methods are the API's operations. */
export function createPanchangaClient(options: ClientOptions): PanchangaClient {
  const call = async <K extends Id>(id: K, input?: Input<K>): Promise<Answer<K>> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const body = input?.body === undefined ? undefined : JSON.stringify(input.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await (options.fetch ?? fetch)(operationUrl(options.baseUrl, id, input), {
      method: OPERATIONS[id].method,
      headers,
      body,
    });
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok) {
      const problem = type.includes('json')
        ? ((await response.json()) as Problem)
        : ({
            success: false,
            type: 'about:blank',
            title: response.statusText,
            status: response.status,
            detail: await response.text(),
          } as Problem);
      return { ok: false, status: response.status, problem };
    }
    const data = type.includes('json')
      ? ((await response.json()) as { data: Operations[K]['answer'] }).data
      : ((await response.text()) as Operations[K]['answer']);
    return { ok: true, status: response.status, data, etag: response.headers.get('ETag') };
  };
  return Object.fromEntries(
    Object.keys(OPERATIONS).map((id) => [id, (input?: Input<Id>) => call(id as Id, input as never)]),
  ) as PanchangaClient;
}
