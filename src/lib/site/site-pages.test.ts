import { expect, test } from 'vitest';
import { sitePagesXml } from './site-pages.ts';

test('lists the front door, the book list and the help centre with their language alternates', () => {
  const text = sitePagesXml('https://pustaka.sch.id');
  expect(text).toContain('<loc>https://pustaka.sch.id/</loc>');
  expect(text).toContain('<loc>https://pustaka.sch.id/books</loc>');
  expect(text).toContain('<loc>https://pustaka.sch.id/help</loc>');
  expect(text).toContain('hreflang="en" href="https://pustaka.sch.id/help?lang=en"');
  expect(text.match(/<url>/g)).toHaveLength(3);
});
