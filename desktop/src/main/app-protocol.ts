import { API_PATH } from '@shine/shared/operations/operation';
import type { CustomScheme, Protocol } from 'electron';
import { forwardApiRequest, type ForwardDeps, buildClientResponseHeaders, jsonError } from './api-forwarding.ts';
import { APP_BASE_PATH, APP_HOST, APP_SCHEME } from './app-identity.ts';
import { RENDERER_CSP_HEADER } from './csp.ts';
import { splitSafePath } from './request-path.ts';
import type { FetchLike } from './server-health.ts';
import { contentTypeFor, isHistoryRoute, readStaticFile } from './static-files.ts';

/**
 * standard: real origin, relative URLs, web storage; secure: a secure context like https;
 * supportFetchAPI: the CRM's fetch('/api/...') works; stream: forwarded bodies stream; codeCache: faster
 * start. Deliberately off: corsEnabled (it would make the scheme readable from other origins),
 * bypassCSP, allowServiceWorkers.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  stream: true,
  codeCache: true,
  corsEnabled: false,
  bypassCSP: false,
  allowServiceWorkers: false,
} as const satisfies NonNullable<CustomScheme['privileges']>;

/** Must run before the app's `ready` event (Electron registers schemes once, at start-up). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

export interface AppProtocolDeps extends ForwardDeps {
  /** The renderer build (`out/renderer`). */
  rendererRoot: string;
  /** The stored, normalised server origin, or null before first-run setup. */
  getServerUrl: () => string | null;
  /** Development only: the Vite dev server that replaces `rendererRoot` (loopback http only). */
  devServerUrl?: string | null;
  /** Fetch used for the dev server (plain, not the persistent session's cookie jar). */
  devFetch?: FetchLike;
}

const BASE_SEGMENT = APP_BASE_PATH.slice(1);
/** The first segment of every path in the API's call table: what the app forwards. */
const API_SEGMENT = API_PATH.slice(1);

function textResponse(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * The one handler behind `shine://app`:
 * - `/api` and `/api/...` → forwarded to the configured server (see api-forwarding.ts);
 * - `/admin/...` → files of the renderer build, with `index.html` for the CRM's client-side routes;
 * - anything else, another host, or a path that tries to climb out → refused.
 */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  const devServerUrl = deps.devServerUrl ? assertLoopbackDevServer(deps.devServerUrl) : null;

  return async (request) => {
    try {
      const url = new URL(request.url);
      if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return textResponse(404, 'Not found.');

      const segments = splitSafePath(url.pathname);
      if (segments === null) return textResponse(400, 'Bad path.');

      if (segments[0] === API_SEGMENT) {
        const serverUrl = deps.getServerUrl();
        if (serverUrl === null) return jsonError(503, 'No server is set up yet. Enter the server address in Settings.');
        return await forwardApiRequest(request, url, serverUrl, deps);
      }

      if (segments[0] !== BASE_SEGMENT) return textResponse(404, 'Not found.');
      if (request.method !== 'GET' && request.method !== 'HEAD') return textResponse(405, 'Method not allowed.');

      if (devServerUrl !== null) return await proxyDevServer(devServerUrl, url, request, deps.devFetch ?? deps.fetch);
      return await serveRenderer(deps.rendererRoot, segments.slice(1), request.method === 'HEAD');
    } catch (error) {
      console.error('[app-protocol]', error);
      return textResponse(500, 'Something went wrong inside the app.');
    }
  };
}

async function serveRenderer(root: string, segments: string[], isHead: boolean): Promise<Response> {
  let file = segments.length === 0 ? await readStaticFile(root, ['index.html']) : await readStaticFile(root, segments);
  // History fallback: /admin/dashboard and /admin/crm are routes of the CRM, not files.
  if (file.kind === 'missing' && isHistoryRoute(segments)) file = await readStaticFile(root, ['index.html']);
  if (file.kind === 'missing') return textResponse(404, 'Not found.');

  const contentType = contentTypeFor(file.filePath);
  const headers = new Headers({ 'content-type': contentType, 'x-content-type-options': 'nosniff' });
  if (contentType.startsWith('text/html')) {
    headers.set('content-security-policy', RENDERER_CSP_HEADER);
    headers.set('cache-control', 'no-cache');
  } else if (segments[0] === 'assets') {
    // Vite fingerprints everything under assets/, so a name always means the same bytes.
    headers.set('cache-control', 'public, max-age=31536000, immutable');
  }
  return new Response(isHead ? null : new Uint8Array(file.body), { status: 200, headers });
}

async function proxyDevServer(devServerUrl: string, url: URL, request: Request, fetchFn: FetchLike): Promise<Response> {
  const upstream = await fetchFn(`${devServerUrl}${url.pathname}${url.search}`, {
    method: request.method,
    headers: { accept: request.headers.get('accept') ?? '*/*' },
  });
  return new Response(request.method === 'HEAD' ? null : upstream.body, {
    status: upstream.status,
    headers: buildClientResponseHeaders(upstream.headers),
  });
}

/** The dev server URL comes from the environment; only a loopback http server is ever trusted with the renderer. */
export function assertLoopbackDevServer(value: string): string {
  const url = new URL(value);
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  if (url.protocol !== 'http:' || !loopback) throw new Error(`Refusing a non-loopback dev server: ${value}`);
  return url.origin;
}
