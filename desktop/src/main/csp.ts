/**
 * The renderer's Content-Security-Policy. Written literally into `src/renderer/index.html` (a test
 * keeps the two identical) and also sent as a header with every HTML response of the app protocol,
 * where `frame-ancestors`, which a <meta> policy cannot carry, is added.
 *
 * - scripts only from the app itself: no inline script, no eval, no remote code;
 * - styles from the app plus inline: antd's CSS-in-JS injects <style> elements at run time;
 * - connections only to the app origin: `/api` is forwarded by the main process, so the renderer
 *   never talks to the network directly;
 * - no plugins, frames, workers, form posts or <base> rewriting.
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

export const RENDERER_CSP_HEADER = `${RENDERER_CSP}; frame-ancestors 'none'`;

/**
 * Development only (`electron-vite dev`): the Vite dev server serves the renderer, @vitejs/plugin-react
 * injects an inline preamble for fast refresh, and HMR talks to the dev server over a WebSocket.
 * Never used by `electron-vite build`.
 */
export function buildDevCsp(devServerOrigin: string): string {
  const wsOrigin = devServerOrigin.replace(/^http/, 'ws');
  return RENDERER_CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    `connect-src 'self' ${devServerOrigin} ${wsOrigin}`,
  );
}
