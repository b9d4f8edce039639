// The static site and API files. No adapter: Cloudflare Pages Functions live in functions/ and
// `wrangler pages dev dist` serves both, exactly as production does.
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  // Files served as they are (the icon, robots.txt) live with the site's pages.
  publicDir: './src/public',
  build: { format: 'file' },
  trailingSlash: 'ignore',
  // Keep the whitespace between lines of text and inline elements (compression glues "BS" to "1900").
  compressHTML: false,
  // Every script as a file of its own (none inlined), as the pages' Content-Security-Policy (script-src 'self')
  // requires.
  vite: { build: { assetsInlineLimit: 0 } },
});
