import sanitizeHtml from 'sanitize-html';

/*
 * Article and media descriptions are HTML written by librarians and may hold anything (spec 03
 * §3). They are cleaned on the server before rendering: headings, formatting, lists, quotes and
 * links survive; scripts, styles, frames, event handlers and `javascript:` addresses do not.
 */

const ARTICLE: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: { a: ['href', 'rel', 'target'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer ugc', target: '_blank' }),
    h1: 'h2',
  },
  disallowedTagsMode: 'discard',
};

/** Stored article HTML as safe HTML. */
export function articleHtml(value: string | null | undefined): string {
  return sanitizeHtml((value ?? '').trim(), ARTICLE).trim();
}
