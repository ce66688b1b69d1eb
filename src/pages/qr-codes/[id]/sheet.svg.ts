import type { APIRoute } from 'astro';
import { serverApi } from '../../../lib/bff/api-client.server.ts';
import { coverLoader, printLayout, printSheet } from '../../../lib/qr/print-page.server.ts';
import { publicOrigin } from '../../../../server/web-entry.ts';

/** /qr-codes/{id}/sheet.svg?layout=poster|labels: the owner's print sheet as an SVG file. */
export const GET: APIRoute = async (context) => {
  const layout = printLayout(context.url.searchParams.get('layout'));
  const origin = publicOrigin();
  const sheet = await printSheet(await serverApi(context), context.params.id, layout, origin, context.locals.t, coverLoader(context));
  if (!sheet) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  return new Response(sheet.svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="qr-${layout}-${context.params.id}.svg"`,
      'Cache-Control': 'private, no-store',
    },
  });
};
