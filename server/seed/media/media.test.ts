import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { DEMO_MEDIA } from './media.ts';

/*
 * The demo thumbnails are drawn by scripts/make-demo-media.sh: each must show its own item's
 * title (a book cover under an unrelated title misleads), and the article pictures draw their
 * caption through the same card, which keeps it inside the central square any list crop shows.
 */

const script = readFileSync(new URL('../../../scripts/make-demo-media.sh', import.meta.url), 'utf8');

test("every demo video's and audio's thumbnail is a card of its own title", () => {
  for (const item of DEMO_MEDIA) {
    const name = item.file.replace(/\.[^.]+$/, '');
    const line = script.split('\n').find((l) => l.startsWith(`thumb ${name} `) || l.startsWith(`audio ${name} `));
    expect(line, name).toBeDefined();
    expect(line!.endsWith(`'${item.title}'`), `${name}: ${line}`).toBe(true);
  }
});

test('thumbnails and article pictures are title cards, wrapped inside the central square', () => {
  expect(script).toMatch(/^audio\(\) \{[^}]*\n\s*card "\$OUT\/\$1\.jpg"/m);
  expect(script).toMatch(/^thumb\(\) \{[^}]*\n\s*card /m);
  expect(script).toMatch(/^news\(\) \{[^}]*\n\s*card /m);
  // A line holds at most height/20 characters of a font height/12 high: about 60 % of the height wide.
  expect(script).toContain('local chars=$(( height / 20 )) fontsize=$(( height / 12 ))');
});
