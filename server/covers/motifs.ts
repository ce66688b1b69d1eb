import type { CoverPalette } from './palettes.ts';
import { r1, type Random } from './random.ts';

/** Markup of one ornament: pattern definitions and the shapes that use them. */
export interface Motif {
  defs: string;
  body: string;
}

/** Draws an ornament over the whole 400×600 cover; `id` prefixes every element id it defines. */
export type MotifPainter = (id: string, palette: CoverPalette, random: Random) => Motif;

const W = 400;
const H = 600;

/** Kawung: four-petal flowers in a grid, the oldest Javanese batik pattern. */
const kawung: MotifPainter = (id, c, random) => {
  const s = random.pick([48, 56, 64]);
  const h = s / 2;
  const a = r1(s * 0.16);
  const b = r1(s * 0.25);
  const tilt = random.pick([0, 45]);
  const defs =
    `<pattern id="${id}-kawung" width="${s}" height="${s}" patternUnits="userSpaceOnUse" patternTransform="rotate(${tilt})">` +
    `<g fill="none" stroke="${c.accent}" stroke-width="2">` +
    `<ellipse cx="${h}" cy="${r1(h / 2)}" rx="${a}" ry="${b}"/><ellipse cx="${h}" cy="${r1(h * 1.5)}" rx="${a}" ry="${b}"/>` +
    `<ellipse cx="${r1(h / 2)}" cy="${h}" rx="${b}" ry="${a}"/><ellipse cx="${r1(h * 1.5)}" cy="${h}" rx="${b}" ry="${a}"/>` +
    `</g><circle cx="${h}" cy="${h}" r="${r1(s * 0.05)}" fill="${c.accent2}"/><circle cx="0" cy="0" r="${r1(s * 0.07)}" fill="${c.accent2}"/>` +
    `</pattern>`;
  return { defs, body: `<rect width="${W}" height="${H}" fill="url(#${id}-kawung)" opacity=".28"/>` };
};

/** Parang: diagonal bands of S-curves, like the blade-wave batik of Central Java. */
const parang: MotifPainter = (id, c, random) => {
  const s = random.pick([36, 44, 52]);
  const angle = random.pick([45, -45]);
  const q = r1(s / 4);
  const defs =
    `<pattern id="${id}-parang" width="${s}" height="${s}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">` +
    `<path d="M0 1H${s}" stroke="${c.accent2}" stroke-width="4"/>` +
    `<path d="M0 ${s / 2}Q${q} ${r1(s * 0.12)} ${s / 2} ${s / 2}T${s} ${s / 2}" fill="none" stroke="${c.accent}" stroke-width="3"/>` +
    `<circle cx="${q}" cy="${r1(s * 0.72)}" r="2.5" fill="${c.accent}"/><circle cx="${r1(s * 0.75)}" cy="${r1(s * 0.28)}" r="2.5" fill="${c.accent}"/>` +
    `</pattern>`;
  return { defs, body: `<rect width="${W}" height="${H}" fill="url(#${id}-parang)" opacity=".26"/>` };
};

/** Ombak: layered waves of different amplitude, like a sea seen from a harbour. */
const ombak: MotifPainter = (_id, c, random) => {
  const count = 6 + random.int(4);
  const gap = H / count;
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const y = r1(gap * (i + 0.5) + random.range(-8, 8));
    const wave = random.pick([80, 100, 120, 160]);
    const amp = r1(random.range(8, 22));
    let d = `M-40 ${y}q${wave / 4} ${-amp} ${wave / 2} 0`;
    for (let x = wave / 2 - 40; x < W + 40; x += wave / 2) d += `t${wave / 2} 0`;
    const colour = i % 2 === 0 ? c.accent : c.accent2;
    paths.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="${r1(random.range(2, 6))}" stroke-linecap="round"/>`);
  }
  return { defs: '', body: `<g opacity=".3">${paths.join('')}</g>` };
};

/** Cincin: concentric rings spreading from a point near an edge, like a rising sun. */
const cincin: MotifPainter = (_id, c, random) => {
  const cx = random.pick([60, 200, 340]);
  const cy = random.pick([90, 520]);
  const step = random.pick([18, 22, 26]);
  const rings: string[] = [];
  for (let r = step, i = 0; r < 640; r += step, i++) {
    const colour = i % 3 === 2 ? c.accent2 : c.accent;
    const dash = i % 4 === 3 ? ' stroke-dasharray="2 7"' : '';
    rings.push(`<circle cx="${cx}" cy="${cy}" r="${r}" stroke="${colour}" stroke-width="${i % 2 ? 1.5 : 3}"${dash}/>`);
  }
  return { defs: '', body: `<g fill="none" opacity=".26">${rings.join('')}</g>` };
};

/** Tumpal: rows of triangles at the top and bottom edges with a diamond lattice between. */
const tumpal: MotifPainter = (id, c, random) => {
  const s = random.pick([28, 34, 40]);
  const tooth = random.pick([40, 50]);
  const defs =
    `<pattern id="${id}-belah" width="${s}" height="${s}" patternUnits="userSpaceOnUse">` +
    `<path d="M${s / 2} 0L${s} ${s / 2}L${s / 2} ${s}L0 ${s / 2}Z" fill="none" stroke="${c.accent}" stroke-width="1.5"/>` +
    `<circle cx="${s / 2}" cy="${s / 2}" r="2" fill="${c.accent2}"/></pattern>`;
  const teeth: string[] = [];
  const depth = r1(tooth * 1.6);
  for (let x = 0; x < W; x += tooth) {
    const m = x + tooth / 2;
    teeth.push(`<path d="M${x} 0L${m} ${depth}L${x + tooth} 0Z"/><path d="M${x} ${H}L${m} ${H - depth}L${x + tooth} ${H}Z"/>`);
  }
  const body =
    `<rect width="${W}" height="${H}" fill="url(#${id}-belah)" opacity=".18"/>` +
    `<g fill="${c.accent}" opacity=".3" stroke="${c.accent2}" stroke-width="2">${teeth.join('')}</g>`;
  return { defs, body };
};

/** Truntum: small eight-petal flowers scattered like stars in the night sky. */
const truntum: MotifPainter = (_id, c, random) => {
  const petals: string[] = [];
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    const x = r1(Math.cos(a) * 9);
    const y = r1(Math.sin(a) * 9);
    petals.push(`M0 0Q${r1(x - y / 3)} ${r1(y + x / 3)} ${x} ${y}Q${r1(x + y / 3)} ${r1(y - x / 3)} 0 0`);
  }
  const flower = petals.join('');
  const shapes: string[] = [];
  const count = 22 + random.int(10);
  for (let i = 0; i < count; i++) {
    const x = r1(random.range(10, W - 10));
    const y = r1(random.range(10, H - 10));
    const scale = r1(random.range(0.8, 2.2));
    const colour = i % 3 === 0 ? c.accent2 : c.accent;
    shapes.push(`<path d="${flower}" transform="translate(${x} ${y}) scale(${scale})" fill="${colour}"/>`);
  }
  return { defs: '', body: `<g opacity=".3">${shapes.join('')}</g>` };
};

/** Garis: bold stripes in two colours at one angle, like woven lurik cloth. */
const lurik: MotifPainter = (id, c, random) => {
  const s = random.pick([24, 32, 40]);
  const angle = random.pick([0, 90, 30, -30]);
  const defs =
    `<pattern id="${id}-lurik" width="${s}" height="${s}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">` +
    `<rect width="${r1(s * 0.35)}" height="${s}" fill="${c.accent}"/><rect x="${r1(s * 0.5)}" width="${r1(s * 0.12)}" height="${s}" fill="${c.accent2}"/>` +
    `</pattern>`;
  return { defs, body: `<rect width="${W}" height="${H}" fill="url(#${id}-lurik)" opacity=".3"/>` };
};

/** Titik: a halftone field of dots that grow towards one corner. */
const titik: MotifPainter = (_id, c, random) => {
  const step = random.pick([20, 24, 28]);
  const cx = random.pick([0, W]);
  const cy = random.pick([0, H]);
  const far = Math.hypot(W, H);
  const dots: string[] = [];
  for (let y = step / 2; y < H; y += step) {
    for (let x = step / 2; x < W; x += step) {
      const r = r1((1 - Math.hypot(x - cx, y - cy) / far) * step * 0.42);
      if (r >= 0.8) dots.push(`<circle cx="${x}" cy="${y}" r="${r}"/>`);
    }
  }
  return { defs: '', body: `<g fill="${c.accent}" opacity=".32">${dots.join('')}</g>` };
};

/** All ornaments a cover may get. */
export const motifs: readonly MotifPainter[] = [kawung, parang, ombak, cincin, tumpal, truntum, lurik, titik];
