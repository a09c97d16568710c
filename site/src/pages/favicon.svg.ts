import type { APIRoute } from 'astro';
import { buildBrandMarkSvg } from '../lib/brand-mark.ts';

export const GET: APIRoute = () => new Response(buildBrandMarkSvg(), { headers: { 'Content-Type': 'image/svg+xml' } });
