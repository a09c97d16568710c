import type { WebContents } from 'electron';
import { APP_BASE_PATH, isAppOrigin } from './app-identity.ts';
import { type OpenExternal, openExternalSafely } from './external-links.ts';

export type NavigationDecision = { action: 'allow' } | { action: 'deny'; openExternally?: string };

export interface NavigationContext {
  /** The configured server origin, for app links to pages of the public site (`/`, `/privacy`). */
  serverUrl: string | null;
}

function isInsideApp(url: URL): boolean {
  return isAppOrigin(url) && (url.pathname === APP_BASE_PATH || url.pathname.startsWith(`${APP_BASE_PATH}/`));
}

/**
 * Where the window may go. Inside the app (`shine://app/admin...`): allowed. Another path of the app
 * origin is a link to the public site the CRM shares its server with ("Back to Home" → `/`): it opens
 * on that server in the system browser. Any other destination never loads in the window; web, mail
 * and phone links go to the system instead.
 */
export function decideNavigation(target: string, context: NavigationContext): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { action: 'deny' };
  }
  if (isInsideApp(url)) return { action: 'allow' };
  if (isAppOrigin(url)) {
    return context.serverUrl === null
      ? { action: 'deny' }
      : { action: 'deny', openExternally: `${context.serverUrl}${url.pathname}${url.search}${url.hash}` };
  }
  return { action: 'deny', openExternally: url.href };
}

type PolicyContents = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export interface NavigationPolicyDeps {
  openExternal: OpenExternal;
  getContext: () => NavigationContext;
}

/**
 * Applied to every web contents the app creates (`web-contents-created`): no navigation off the app,
 * no new windows, no <webview>. Links that leave the app open in the system browser after the
 * allowlist in external-links.ts.
 */
export function applyNavigationPolicy(contents: PolicyContents, deps: NavigationPolicyDeps): void {
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url, deps.getContext());
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.openExternally) openExternalSafely(deps.openExternal, decision.openExternally);
  };

  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  // Sub-frames: the CSP already forbids frames; this keeps it so if the CSP ever changes.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) guard(event, event.url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());

  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideNavigation(url, deps.getContext());
    // Even an app URL does not get a second window: the CRM is a single-window app.
    const external = decision.action === 'deny' ? decision.openExternally : undefined;
    if (external) openExternalSafely(deps.openExternal, external);
    return { action: 'deny' };
  });
}
