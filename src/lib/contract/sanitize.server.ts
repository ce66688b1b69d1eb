import sanitizeHtml from 'sanitize-html';
import { collapseWhitespace } from './text.ts';

/*
 * Book descriptions are plain text or simple HTML as entered by librarians, and may hold anything
 * (spec 01 §2.5). They are cleaned on the server before rendering: only basic formatting survives.
 */

const FORMATTING: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // A link out of a description is untrusted: no referrer, no ranking, a new tab.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer ugc', target: '_blank' }),
  },
  // Disallowed elements go, their text stays; script and style text goes with them.
  disallowedTagsMode: 'discard',
};

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

const TAG = /<\/?[a-z][^>]*>/i;

/** True when `value` contains markup rather than plain text. */
export function looksLikeHtml(value: string): boolean {
  return TAG.test(value);
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A description as safe HTML: markup keeps only basic formatting; plain text is escaped, its
 * blank lines become paragraphs and its line breaks <br>.
 */
export function descriptionHtml(value: string | null | undefined): string {
  const source = (value ?? '').trim();
  if (source === '') return '';
  if (looksLikeHtml(source)) return sanitizeHtml(source, FORMATTING).trim();
  return source
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** A description as plain text on one line (for excerpts and meta descriptions). */
export function descriptionText(value: string | null | undefined): string {
  const source = value ?? '';
  if (!looksLikeHtml(source)) return collapseWhitespace(source);
  // Block ends become spaces so words of adjacent paragraphs do not run together.
  const spaced = source.replace(/<(?:\/p|br\s*\/?|\/li|\/blockquote)>/gi, (tag) => `${tag} `);
  return collapseWhitespace(decodeEntities(sanitizeHtml(spaced, TEXT_ONLY)));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    if (name[0] === '#') {
      const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return ENTITIES[name.toLowerCase()] ?? match;
  });
}
