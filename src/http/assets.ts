/** Reading the deployment's static API files from a function (Cloudflare Pages `env.ASSETS`). */

/** The JSON of a static file (its `data` when it is a `{success, data}` envelope), or null when absent. */
export async function readJsonAsset<T>(assets: Fetcher, base: URL, path: string): Promise<T | null> {
  const response = await assets.fetch(new URL(path, base.origin));
  if (response.status !== 200) return null;
  const body = (await response.json()) as { success?: boolean; data?: T } | T;
  return body && typeof body === 'object' && 'success' in body && 'data' in body
    ? (body.data as T)
    : (body as T);
}
