interface ImportMetaEnv {
  /** Origin of the API, without a trailing slash; empty when the site and the API share an origin. */
  readonly PUBLIC_API_URL?: string;
  readonly PUBLIC_SITE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:design-tokens.css';
