// Pages reached by a private link in a message (a customer's quote, an unsubscribe link): server-rendered
// HTML that is never cached, indexed, or sent on as a referrer, since the address itself is the key.
import escapeHtml from 'escape-html';
import type { RequestHandler, Response } from 'express';

export const linkPageHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
  next();
};

export function sendHtml(res: Response, status: number, html: string): void {
  res.status(status).type('html').send(html);
}

/**
 * The document around a link page's body, with the same never-index and no-referrer rules in its head,
 * and the site's icon: without one the browser asks for /favicon.ico, which nothing serves, and logs
 * the 404 on every customer's visit.
 */
export function linkPageDocument(page: { title: string; styles: string; body: string; description?: string }): string {
  const description = page.description ? `\n<meta name="description" content="${escapeHtml(page.description)}">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">${description}
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(page.title)}</title>
<style>${page.styles}</style>
</head>
<body>
${page.body}
</body>
</html>`;
}
