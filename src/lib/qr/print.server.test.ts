import { describe, expect, test } from 'vitest';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { labelsSvg, posterSvg, wrapText, type PrintItem } from './print.server.ts';

const URL_OF_CODE = 'https://pustaka.sch.id/qr/3f2b8c1e-7a4d-4e9b-8c21-5d6f7a8b9c0d/rak-3-lantai-2';

const item: PrintItem = {
  url: URL_OF_CODE,
  title: 'Laskar Pelangi & <Sang Pemimpi>',
  subtitle: 'Andrea Hirata',
  locationLabel: 'Rak 3, lantai 2',
  coverUrl: null,
  brand: 'ePustaka',
  callToAction: 'Pindai untuk membuka',
};

/** Draws the SVG at `scale` px per mm and reads every QR code found in `regions` (mm boxes). */
async function decode(svg: string, region: { x: number; y: number; w: number; h: number }, scale = 5): Promise<string | null> {
  // Drawn at the target resolution rather than scaled up from the SVG's own size.
  const sized = svg.replace('width="210mm" height="297mm"', `width="${210 * scale}" height="${297 * scale}"`);
  const image = await loadImage(Buffer.from(sized));
  const canvas = createCanvas(210 * scale, 297 * scale);
  const context = canvas.getContext('2d');
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const data = context.getImageData(region.x * scale, region.y * scale, region.w * scale, region.h * scale);
  return jsQR(new Uint8ClampedArray(data.data), data.width, data.height)?.data ?? null;
}

describe('print sheets', () => {
  test('the poster decodes back to the code address', async () => {
    const svg = posterSvg(item);
    expect(await decode(svg, { x: 0, y: 0, w: 210, h: 297 })).toBe(URL_OF_CODE);
  });

  test('every label of the sheet decodes back to the code address', async () => {
    const svg = labelsSvg(item);
    // The first and the last label of the 2 × 5 sheet.
    expect(await decode(svg, { x: 50, y: 10, w: 55, h: 55 }, 8)).toBe(URL_OF_CODE);
    expect(await decode(svg, { x: 145, y: 230, w: 55, h: 55 }, 8)).toBe(URL_OF_CODE);
  });

  test('stored text is escaped, never markup', () => {
    const svg = posterSvg({ ...item, locationLabel: '<script>alert(1)</script>' });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).toContain('Laskar Pelangi &amp; &lt;Sang');
  });
});

test('long titles wrap and are cut with an ellipsis', () => {
  expect(wrapText('Satu dua tiga empat lima enam tujuh', 10, 2)).toEqual(['Satu dua', 'tiga empa…']);
  expect(wrapText('Pendek', 10, 2)).toEqual(['Pendek']);
});
