import type { APIRoute } from 'astro';
import { company } from '../lib/company.ts';
import { PAGES } from '../lib/pages.ts';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The indexable pages (PAGES is the single list), as one sitemap.xml. */
export const GET: APIRoute = () => {
  const urls = Object.values(PAGES)
    .filter((page) => page.isInSitemap)
    .map((page) => `  <url><loc>${escapeXml(`${company.siteUrl}${page.path}`)}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
