import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { expect, test } from 'vitest';
import { BannerCarousel } from './BannerCarousel.tsx';

const banners = [
  { id: 'a', title: 'Pekan Literasi', image_url: '/banners/a.svg', link_url: '/books' },
  { id: 'b', title: 'Halaman yang belum ada', image_url: '/banners/b.svg', link_url: '/timeline' },
  { id: 'c', title: 'Tanpa tautan', image_url: '/banners/c.svg', link_url: null },
];

test('renders every slide, shows the first, and starts still until it knows the motion preference', () => {
  const html = renderToString(createElement(BannerCarousel, { lang: 'id', banners }));
  expect(html.match(/data-banner="/g)).toHaveLength(3);
  expect(html).toMatch(/aria-label="1 dari 3"[^>]*data-banner="0"/);
  expect(html.match(/hidden=""/g)).toHaveLength(2);
  expect(html).toContain('data-moving="false"');
  for (const name of ['Jeda pergantian banner', 'Banner sebelumnya', 'Banner berikutnya']) expect(html).toContain(`aria-label="${name}"`);
  // Links only to pages that exist.
  expect(html).toContain('href="/books"');
  expect(html).not.toContain('href="/timeline"');
  expect(html).toContain('alt="Tanpa tautan"');
});

test('one banner has no controls, none renders nothing', () => {
  const one = renderToString(createElement(BannerCarousel, { lang: 'en', banners: banners.slice(0, 1) }));
  expect(one).not.toContain('Next banner');
  expect(renderToString(createElement(BannerCarousel, { lang: 'en', banners: [] }))).toBe('');
});
