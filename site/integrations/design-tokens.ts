import { buildCssVariables } from '@shine/design-tokens';
import type { ViteUserConfig } from 'astro';

// Vite is Astro's dependency, not ours: take its plugin type through Astro's config type.
type VitePlugin = Extract<NonNullable<ViteUserConfig['plugins']>[number], { name: string }>;

const PUBLIC_ID = 'virtual:design-tokens.css';
// Vite only runs its CSS pipeline on ids that end in `.css`, so the resolved id keeps the extension.
const RESOLVED_ID = `\0${PUBLIC_ID}`;

/**
 * The shared design tokens as a CSS module (`import 'virtual:design-tokens.css'`), so they are bundled
 * into the global stylesheet instead of being copied by hand; the CRM reads the same tokens.
 */
export function designTokensPlugin(): VitePlugin {
  return {
    name: 'shine:design-tokens',
    resolveId(id: string) {
      return id === PUBLIC_ID ? RESOLVED_ID : undefined;
    },
    load(id: string) {
      return id === RESOLVED_ID ? buildCssVariables() : undefined;
    },
  };
}
