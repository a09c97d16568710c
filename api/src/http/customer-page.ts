// The customer's pages (the quote /q, the invoice /i, the account /account): one stylesheet and one
// frame (a skip link, the company's name, the page, the company's phone and e-mail), so the three look
// and behave as one site. Each page adds only its own content; the sheet holds every rule they share
// (forms, tables, banners, buttons at 44 px, visible focus).
import { buildCssVariables } from '@shine/design-tokens';
import { DEFAULT_COMPANY } from '@shine/shared/company';
import escapeHtml from 'escape-html';
import { linkPageDocument } from './link-page.ts';

const company = DEFAULT_COMPANY;
const e = (value: string) => escapeHtml(value);

export const CUSTOMER_PAGE_STYLES = `${buildCssVariables()}
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:var(--font-sans);color:var(--color-text);background:var(--color-surface-alt);line-height:1.6}
a{color:var(--color-primary)}
.skip{position:absolute;left:-999px}.skip:focus{left:var(--space-4);top:var(--space-4);background:#fff;padding:var(--space-2)}
header,footer{background:var(--color-surface);padding:var(--space-4) var(--space-5)}
header a{font-weight:700;font-size:var(--text-xl);text-decoration:none;color:var(--color-primary)}
footer{color:var(--color-text-muted);font-size:var(--text-sm);border-top:1px solid var(--color-border)}
footer a{display:inline-block;min-height:44px;line-height:44px}
main{max-width:46rem;margin:0 auto;padding:var(--space-5) var(--space-4)}
section{background:var(--color-surface);border:1px solid var(--color-border);border-radius:var(--radius-md);padding:var(--space-5);margin:0 0 var(--space-5);box-shadow:var(--shadow-card)}
h1{font-size:var(--text-3xl);line-height:1.2;margin:0 0 var(--space-2)}
h2{font-size:var(--text-xl);margin:0 0 var(--space-3)}
.muted{color:var(--color-text-muted)}
table{width:100%;border-collapse:collapse}
th,td{padding:var(--space-2) var(--space-1);text-align:left;vertical-align:top;border-bottom:1px solid var(--color-border)}
td.num,th.num{text-align:right;white-space:nowrap}
tfoot th{font-weight:600}
.total th,.total td{font-size:var(--text-lg);font-weight:700;border-bottom:0}
.banner{border-radius:var(--radius-md);padding:var(--space-4);margin:0 0 var(--space-5);border:1px solid}
.banner--ok{background:var(--color-accent-soft);border-color:var(--color-success)}
.banner--info{background:var(--color-primary-soft);border-color:var(--color-primary)}
.banner--error{background:var(--color-promo-soft);border-color:var(--color-danger)}
label{display:block;font-weight:600;margin:var(--space-3) 0 var(--space-1)}
input,select,textarea{font:inherit;width:100%;min-height:44px;padding:var(--space-2);border:1px solid var(--color-text-muted);border-radius:var(--radius-sm);background:#fff;color:var(--color-text)}
fieldset{border:1px solid var(--color-border);border-radius:var(--radius-sm);margin:var(--space-4) 0;padding:var(--space-3)}
legend{font-weight:600;padding:0 var(--space-1)}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:var(--space-2) var(--space-5);border-radius:var(--radius-pill);font:inherit;font-weight:700;text-decoration:none;border:2px solid var(--color-primary);cursor:pointer;margin-top:var(--space-4)}
.btn--primary{background:var(--color-primary);color:#fff}
.btn--secondary{background:#fff;color:var(--color-primary)}
.error{color:var(--color-danger);font-weight:600;margin:var(--space-1) 0 0}
:focus-visible{outline:3px solid var(--color-primary);outline-offset:2px}
.prices{display:grid;gap:var(--space-1);margin:var(--space-4) 0 0}
.slots{display:grid;grid-template-columns:repeat(auto-fill,minmax(9.5rem,1fr));gap:var(--space-2)}
.slot{display:flex;align-items:center;gap:var(--space-2);min-height:44px;margin:0;padding:var(--space-2);border:1px solid var(--color-border);border-radius:var(--radius-sm);font-weight:400;cursor:pointer}
.slot input{width:auto;min-height:0;margin:0}
.visits{padding-left:var(--space-5)}
.visits li{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--space-2);padding:var(--space-1) 0}
.agree{display:flex;gap:var(--space-2);align-items:center;font-weight:400;min-height:44px}.agree input{width:24px;height:24px;min-height:0;margin:0;flex:none}
.visit-skip{margin:0}.visit-skip .btn{margin-top:0;padding:var(--space-1) var(--space-4)}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
summary{cursor:pointer;font-weight:700;min-height:44px;display:flex;align-items:center}
ul{padding-left:var(--space-5)}
@media (max-width:32rem){h1{font-size:var(--text-2xl)}section{padding:var(--space-4)}th,td{padding:var(--space-2) 2px}}`;

/** A customer's page: `skipTo` names what the skip link jumps to ("the quote"); `styles` adds the page's own rules. */
export function customerPageDocument(page: {
  title: string;
  description: string;
  skipTo: string;
  body: string;
  styles?: string;
}): string {
  const telHref = `tel:${company.phone.replace(/[^\d+]/g, '')}`;
  return linkPageDocument({
    title: page.title,
    styles: page.styles ? `${CUSTOMER_PAGE_STYLES}\n${page.styles}` : CUSTOMER_PAGE_STYLES,
    description: page.description,
    body: `<a class="skip" href="#main">Skip to ${e(page.skipTo)}</a>
<header><a href="/">${e(company.name)}</a></header>
<main id="main">
${page.body}
</main>
<footer><p>${e(company.name)} · <a href="${e(telHref)}">${e(company.phone)}</a> · <a href="mailto:${e(company.email)}">${e(company.email)}</a></p></footer>`,
  });
}
