import { describe, expect, test } from 'vitest';
import { descriptionHtml, descriptionText, looksLikeHtml } from './sanitize.server.ts';

const HOSTILE =
  '<p>Panduan membuat sabun.</p><img src=x onerror=alert(1)><p>Setiap resep dilengkapi takaran.<script>alert("epustaka")</script></p>';

describe('descriptionHtml', () => {
  test('drops scripts, images and event handlers but keeps the text', () => {
    const html = descriptionHtml(HOSTILE);
    expect(html).toBe('<p>Panduan membuat sabun.</p><p>Setiap resep dilengkapi takaran.</p>');
    expect(html).not.toMatch(/script|onerror|<img/i);
  });

  test('keeps basic formatting and makes links safe', () => {
    expect(descriptionHtml('<p><strong>Tebal</strong> <em>miring</em></p><ul><li>satu</li></ul>')).toBe('<p><strong>Tebal</strong> <em>miring</em></p><ul><li>satu</li></ul>');
    expect(descriptionHtml('<a href="javascript:alert(1)" onclick="x()">a</a>')).toBe('<a rel="nofollow noopener noreferrer ugc" target="_blank">a</a>');
    expect(descriptionHtml('<a href="https://example.org/x">a</a>')).toContain('href="https://example.org/x"');
    expect(descriptionHtml('<p style="color:red" class="x">a</p>')).toBe('<p>a</p>');
    expect(descriptionHtml('<iframe src="https://evil.example"></iframe><p>a</p>')).toBe('<p>a</p>');
  });

  test('renders plain text as text', () => {
    expect(descriptionHtml('Satu < dua & "tiga"\nbaris\n\nParagraf')).toBe('<p>Satu &lt; dua &amp; &quot;tiga&quot;<br>baris</p><p>Paragraf</p>');
    expect(descriptionHtml(null)).toBe('');
    expect(descriptionHtml('  ')).toBe('');
  });
});

describe('descriptionText', () => {
  test('is the words only, on one line', () => {
    expect(descriptionText(HOSTILE)).toBe('Panduan membuat sabun. Setiap resep dilengkapi takaran.');
    expect(descriptionText('<p>A &amp; B</p><p>C&nbsp;D</p>')).toBe('A & B C D');
    expect(descriptionText(' a \n b ')).toBe('a b');
    expect(descriptionText(null)).toBe('');
  });

  test('tells markup from text', () => {
    expect(looksLikeHtml('1 < 2 > 0')).toBe(false);
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
  });
});
