import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { BannerCarousel } from './BannerCarousel.tsx';
import { createT } from '../../lib/i18n/texts.server.ts';

const banners = [
  { id: 'a', title: 'Pekan Literasi', image_url: '/banners/a.svg', link_url: '/books' },
  { id: 'b', title: 'Halaman yang belum ada', image_url: '/banners/b.svg', link_url: '/more-edoo-unbuilt' },
  { id: 'c', title: 'Tanpa tautan', image_url: '/banners/c.svg', link_url: null },
];

test('renders every slide, shows the first, and starts still until it knows the motion preference', () => {
  const html = renderToString(createElement(BannerCarousel, { lang: 'id', banners }));
  expect(html.match(/data-banner="/g)).toHaveLength(3);
  const t = createT('id');
  // The first slide is the one not hidden.
  expect(html).toMatch(new RegExp(`aria-label="${t('reach.banners.position', { n: 1, total: 3 })}" data-banner="0"`));
  expect(html.match(/hidden=""/g)).toHaveLength(2);
  expect(html).toContain('data-moving="false"');
  for (const key of ['pause', 'previous', 'next']) expect(html).toContain(`aria-label="${t(`reach.banners.${key}`)}"`);
  // Links only to pages that exist.
  expect(html).toContain('href="/books"');
  expect(html).not.toContain('href="/more-edoo-unbuilt"');
  expect(html).toContain('alt="Tanpa tautan"');
});

test('one banner has no controls, none renders nothing', () => {
  const one = renderToString(createElement(BannerCarousel, { lang: 'en', banners: banners.slice(0, 1) }));
  expect(one).not.toContain(`aria-label="${createT('en')('reach.banners.next')}"`);
  expect(renderToString(createElement(BannerCarousel, { lang: 'en', banners: [] }))).toBe('');
});
