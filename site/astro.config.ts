import react from '@astrojs/react';
import { resolveCompany } from '@shine/shared/company';
import { defineConfig } from 'astro/config';
import { cspHashes } from './integrations/csp-hashes.ts';
import { designTokensPlugin } from './integrations/design-tokens.ts';

export default defineConfig({
  // Pages build canonical URLs from the same resolver (PUBLIC_SITE_URL), so Astro.site agrees with them.
  site: resolveCompany(process.env).siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // A few kB of CSS per page: inlining it removes the only render-blocking request.
    inlineStylesheets: 'always',
  },
  integrations: [react(), cspHashes()],
  vite: {
    plugins: [designTokensPlugin()],
    build: {
      // Keep our page scripts as external files (cacheable, covered by script-src 'self'); other
      // assets keep Vite's default inlining rule.
      assetsInlineLimit: (filePath) => (filePath.endsWith('.js') ? false : undefined),
    },
  },
});
