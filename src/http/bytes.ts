/** Byte helpers for tokens and sessions (Web Crypto friendly, the same in Workers and Node). */

const utf8 = new TextEncoder();

/** The SHA-256 digest of a text (as UTF-8) or of bytes. Example: `(await sha256('abc')).length` → 32. */
export async function sha256(data: string | ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const bytes =
    typeof data === 'string' ? utf8.encode(data) : data instanceof Uint8Array ? data : new Uint8Array(data);
  return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
}

/** Constant-time equality of two byte arrays: every byte is compared, lengths included. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** Base64url without padding (RFC 4648 §5). Example: `base64url(new Uint8Array([251]))` → `"-w"`. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Bytes of a base64url text (padding optional), or null when it is not base64url. */
export function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
