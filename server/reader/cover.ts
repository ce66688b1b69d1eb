/** Catalogue covers show at most 200 × 300 CSS pixels; twice that covers high-density screens. */
export const COVER_WIDTH = 400;
/** A cover already this small is kept as the book has it. */
const SMALL_COVER_BYTES = 80 * 1024;

/**
 * The catalogue cover made from a book's own cover image: wider than COVER_WIDTH or heavier than
 * 80 KB, it is drawn again at that width as a JPEG (quality 82, on white), so a list of covers
 * does not download full-size artwork. SVG covers and images that cannot be decoded stay as they are.
 */
export async function fitCover(cover: { bytes: Uint8Array; mediaType: string }): Promise<{ bytes: Uint8Array; mediaType: string }> {
  if (cover.mediaType === 'image/svg+xml') return cover;
  try {
    const { createCanvas, loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(Buffer.from(cover.bytes));
    if (image.width <= COVER_WIDTH && cover.bytes.length <= SMALL_COVER_BYTES) return cover;
    const width = Math.min(COVER_WIDTH, image.width);
    const height = Math.round((image.height * width) / image.width);
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(image, 0, 0, width, height);
    const bytes = new Uint8Array(await canvas.encode('jpeg', 82));
    return bytes.length < cover.bytes.length ? { bytes, mediaType: 'image/jpeg' } : cover;
  } catch {
    return cover;
  }
}
