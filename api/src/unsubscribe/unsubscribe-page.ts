// The unsubscribe link's pages (GET and POST /u/{token}) as server-rendered HTML: no script, a plain
// form post, never indexed. They name the company, not the person: the link may be forwarded.
import { buildCssVariables } from '@shine/design-tokens';
import escapeHtml from 'escape-html';
import { linkPageDocument } from '../http/link-page.ts';

const e = (value: string) => escapeHtml(value);

const STYLES = `${buildCssVariables()}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--font-sans);color:var(--color-text);background:var(--color-surface-alt);line-height:1.6}
main{max-width:36rem;margin:0 auto;padding:var(--space-6) var(--space-4)}
section{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-md);padding:var(--space-5);box-shadow:var(--shadow-card)}
h1{font-size:var(--text-2xl);line-height:1.2;margin:0 0 var(--space-3)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:var(--space-2) var(--space-5);border-radius:var(--radius-pill);font:inherit;font-weight:700;border:2px solid var(--color-primary);background:var(--color-primary);color:#fff;cursor:pointer}
:focus-visible{outline:3px solid var(--color-primary);outline-offset:2px}`;

function layout(title: string, body: string): string {
  return linkPageDocument({
    title,
    styles: STYLES,
    body: `<main id="main"><section>
${body}
</section></main>`,
  });
}

/** GET: what the link does, and the button that does it (the POST unsubscribes at once). */
export function renderUnsubscribeConfirmation(companyName: string, action: string): string {
  return layout(
    `Unsubscribe · ${companyName}`,
    `<h1>Unsubscribe from ${e(companyName)}’s e-mails?</h1>
<p>You will get no more automated e-mails from us: no reminders, no follow-ups. If you write to us, we can still answer you.</p>
<form method="post" action="${e(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button class="btn" type="submit">Unsubscribe</button></form>`,
  );
}

export function renderUnsubscribed(companyName: string): string {
  return layout(
    `Unsubscribed · ${companyName}`,
    `<h1>You are unsubscribed</h1>
<p>${e(companyName)} will send you no more automated e-mails. Changed your mind? Reply to any of our e-mails or call us.</p>`,
  );
}

export function renderUnknownUnsubscribeLink(): string {
  return layout(
    'Link not valid',
    `<h1>This unsubscribe link is not valid</h1>
<p>Please use the link in the most recent e-mail you received from us, or reply to it and ask us to stop.</p>`,
  );
}
