import { describe, expect, test } from 'vitest';
import { articleHtml } from './article.server.ts';

describe('articleHtml', () => {
  test('scripts, event handlers, frames and javascript: links come out inert', () => {
    const html = articleHtml(
      '<h1>Judul</h1><p onclick="alert(1)">Teks <a href="javascript:alert(2)">tautan</a> <a href="https://contoh.id">aman</a></p>' +
        '<script>alert(3)</script><img src=x onerror="alert(4)"><iframe src="https://evil.example"></iframe><style>p{}</style>',
    );
    expect(html).not.toMatch(/onclick|onerror|javascript:|<script|<iframe|<img|<style|alert\(3\)/i);
    expect(html).toContain('<h2>Judul</h2>');
    expect(html).toContain('<a rel="nofollow noopener noreferrer ugc" target="_blank">tautan</a>');
    expect(html).toContain('href="https://contoh.id"');
  });
});
