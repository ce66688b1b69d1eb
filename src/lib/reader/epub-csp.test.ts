import { describe, expect, test } from 'vitest';
import { neutralizeInlineStyles } from './epub-csp.ts';

describe('neutralizeInlineStyles', () => {
  test('renames style attributes and style elements, and nothing else', () => {
    const markup = [
      '<html><head><style type="text/css">p { color: red }</style><link rel="stylesheet" href="a.css"/></head>',
      '<body style="margin:0"><p class="x" style=\'text-indent: 1em\'>A style=not an attribute, <b>style</b></p>',
      '<svg><g style="fill:red"/></svg><div data-style="keep">x</div></body></html>',
    ].join('');
    const out = neutralizeInlineStyles(markup);
    expect(out).not.toMatch(/<style\b/);
    expect(out).not.toMatch(/\sstyle=["']/);
    expect(out).toContain('<epub-style hidden="" type="text/css">p { color: red }</epub-style>');
    expect(out).toContain('<body data-epub-style="margin:0">');
    expect(out).toContain(`<p class="x" data-epub-style='text-indent: 1em'>A style=not an attribute, <b>style</b></p>`);
    expect(out).toContain('<g data-epub-style="fill:red"/>');
    expect(out).toContain('<div data-style="keep">');
  });
  test('drops an empty self-closed style element and keeps a multi-line sheet whole', () => {
    expect(neutralizeInlineStyles('<head><style/></head>')).toBe('<head></head>');
    expect(neutralizeInlineStyles('<style>\n@media (x) {\n a { b: c }\n}\n</style>')).toBe('<epub-style hidden="">\n@media (x) {\n a { b: c }\n}\n</epub-style>');
  });
  test('a prefixed SVG style element is set aside too', () => {
    expect(neutralizeInlineStyles('<svg:svg><svg:style>rect { fill: red }</svg:style><svg:style/></svg:svg>')).toBe('<svg:svg><epub-style hidden="">rect { fill: red }</epub-style></svg:svg>');
  });
});
