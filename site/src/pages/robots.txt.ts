import { API_PATH } from '@shine/shared/operations/operation';
import type { APIRoute } from 'astro';
import { company } from '../lib/company.ts';

// The staff area and the API are not for search engines; everything else is.
export const GET: APIRoute = () =>
  new Response(
    [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      `Disallow: ${API_PATH}/`,
      '',
      `Sitemap: ${company.siteUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
