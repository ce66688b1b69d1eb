import type { PublicBookDetail } from '../catalogue/schema.ts';

/*
 * The public book page for search engines and link previews: its addresses per language and its
 * schema.org data.
 */

/**
 * Addresses of a public book page. Indonesian, the default, lives at the plain address, which is
 * also the x-default; English at `?lang=en`. A visitor's own language setting still applies to
 * the plain address, so the canonical is always the address of the language actually shown.
 */
export function bookPageUrls(origin: string, id: string) {
  const plain = `${origin}/book/${id}`;
  return {
    id: plain,
    en: `${plain}?lang=en`,
    xDefault: plain,
    canonical: (lang: string) => (lang === 'en' ? `${plain}?lang=en` : plain),
  };
}

/** `?lang=` of a public page: a language when it names one, else null (the visitor's setting applies). */
export function pageLangParam(params: URLSearchParams): 'id' | 'en' | null {
  const value = params.get('lang');
  return value === 'id' || value === 'en' ? value : null;
}

const SCHEMA = 'https://schema.org';

/** schema.org `Book` of a public book page (only fields that have a value). */
export function bookJsonLd(book: PublicBookDetail, page: { url: string; image: string | null; description: string | null; organization: string }) {
  const available = !book.using_drm || book.available_qty > 0;
  const data: Record<string, unknown> = {
    '@context': SCHEMA,
    '@type': 'Book',
    '@id': page.url,
    url: page.url,
    name: book.book_title,
    bookFormat: `${SCHEMA}/EBook`,
    inLanguage: book.language,
  };
  const author = book.book_author ?? book.author_name;
  if (author) data.author = { '@type': 'Person', name: author };
  if (book.book_isbn) data.isbn = book.book_isbn;
  const publisher = book.publisher ?? book.catalog_info?.organization_name;
  if (publisher) data.publisher = { '@type': 'Organization', name: publisher };
  if (book.publish_date) data.datePublished = book.publish_date;
  if (page.image) data.image = page.image;
  if (page.description) data.description = page.description;
  if (book.pages) data.numberOfPages = book.pages;
  if (book.category_name) data.genre = book.category_name;
  if (book.avg_rating !== null && book.rating_count > 0) {
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: book.avg_rating, ratingCount: book.rating_count, bestRating: 5, worstRating: 0.5 };
  }
  // Borrowing is free: a zero-price lease offer, in stock while a copy is available.
  data.offers = {
    '@type': 'Offer',
    url: page.url,
    price: 0,
    priceCurrency: 'IDR',
    businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
    availability: `${SCHEMA}/${available ? 'InStock' : 'OutOfStock'}`,
    offeredBy: { '@type': 'Organization', name: page.organization },
  };
  return data;
}

/**
 * JSON for a `<script type="application/ld+json">` data block: `<`, `>`, `&` and the line
 * separators are escaped, so no text in it can close the element.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
