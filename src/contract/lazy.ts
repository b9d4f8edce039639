/**
 * Values built on their first use, then kept: the contract's schemas, so an isolate builds only those its routes
 * validate with (the reads' at start, src/http/mount.ts; the admin's on their first request) (issue 21). A schema that refers to another calls it
 * inside its own builder, so each is built once and shared, as a module-level constant would be.
 * Each call carries a `@__PURE__` comment, so that a bundle that never uses the value drops it whole (esbuild
 * does not carry a `@__NO_SIDE_EFFECTS__` mark on this function over to the modules that call it).
 * Example: `export const sourceSchema = lazy(() => z.object({ id: z.string() }))` (marked pure), then
 * `sourceSchema().parse(data)`.
 */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
