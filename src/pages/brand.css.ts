import type { APIRoute } from 'astro';
import { brandCss } from '../styles/brand.ts';

/** The organisation's brand colours as CSS custom properties, from `BRAND_PRIMARY` / `BRAND_SECONDARY`. */
export const GET: APIRoute = () =>
  new Response(brandCss(process.env), {
    headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
