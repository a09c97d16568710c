// The e-mail feature's door: every message the product sends is rendered here, as HTML in the one
// layout (email-layout.ts) and its plain-text twin (email-text.ts), from one EmailContent. The layout
// (React and react-email) is loaded on the first message, not when the API starts.
import { readFileSync } from 'node:fs';
import type { EmailContent, RenderedEmail } from './email-content.ts';
import { renderEmailText } from './email-text.ts';

export type { AmountLine, EmailBlock, EmailContent, EmailFooter, Inline, RenderedEmail } from './email-content.ts';
export { addressLine, linkify, paragraph } from './email-content.ts';
export { footerLines } from './email-text.ts';

/** The Content-ID of the logo every message carries inline (its HTML names it as cid:…). */
export const EMAIL_LOGO_CID = 'logo@lonestarshine.email';

export interface InlineImage {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

let layout: Promise<typeof import('./email-layout.ts')> | undefined;
let logo: Buffer | undefined;

function loadLayout(): Promise<typeof import('./email-layout.ts')> {
  layout ??= import('./email-layout.ts');
  return layout;
}

function logoPng(): Buffer {
  logo ??= readFileSync(new URL('./logo.png', import.meta.url));
  return logo;
}

/** The logo as the inline part of a message whose HTML shows it (transports add it to every HTML mail). */
export function emailLogoAttachment(): InlineImage {
  return { filename: 'logo.png', content: logoPng(), contentType: 'image/png', cid: EMAIL_LOGO_CID };
}

/** The message as it is sent: the HTML shows the logo from its inline part. */
export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const { renderEmailHtml } = await loadLayout();
  return {
    subject: content.subject,
    html: await renderEmailHtml(content, `cid:${EMAIL_LOGO_CID}`),
    text: renderEmailText(content),
  };
}

/**
 * The same message for a preview in the CRM: the same renderer, the logo as a data: URL (a browser
 * cannot resolve cid:, and the CRM's Content-Security-Policy allows data: images).
 */
export async function renderEmailPreview(content: EmailContent): Promise<RenderedEmail> {
  const { renderEmailHtml } = await loadLayout();
  return {
    subject: content.subject,
    html: await renderEmailHtml(content, `data:image/png;base64,${logoPng().toString('base64')}`),
    text: renderEmailText(content),
  };
}
