/** Colours of one cover theme. */
export interface CoverPalette {
  /** Gradient start (top left). */
  bg1: string;
  /** Gradient end (bottom right); also the title panel. */
  bg2: string;
  /** Main ornament and frame colour. */
  accent: string;
  /** Secondary ornament colour. */
  accent2: string;
  /** Text colour, readable on both background colours. */
  ink: string;
}

/** Harmonious themes inspired by batik dyes, sea, forest and earth. */
export const coverPalettes: readonly CoverPalette[] = [
  { bg1: '#1e2a5a', bg2: '#0f1633', accent: '#e8b04b', accent2: '#c8553d', ink: '#fdf6e3' }, // nila
  { bg1: '#7a4a26', bg2: '#3d2314', accent: '#f2d6a2', accent2: '#d98e32', ink: '#fff8ec' }, // sogan
  { bg1: '#0f6e6e', bg2: '#083b40', accent: '#f7c873', accent2: '#8fd6c8', ink: '#f4fbf9' }, // laut
  { bg1: '#2f5d3a', bg2: '#16301d', accent: '#d9c26a', accent2: '#a3c98a', ink: '#f6f3e6' }, // hutan
  { bg1: '#8c1c2c', bg2: '#4a0d17', accent: '#f5c26b', accent2: '#f08a5d', ink: '#fff5ee' }, // marun
  { bg1: '#f6ecd9', bg2: '#e6d3b3', accent: '#b5542d', accent2: '#2f5d62', ink: '#2b1d14' }, // gading
  { bg1: '#e3f0f7', bg2: '#bcd8e8', accent: '#1d4e89', accent2: '#f29e4c', ink: '#14263d' }, // langit
  { bg1: '#4b2a6b', bg2: '#23123a', accent: '#f0a6ca', accent2: '#ffd27f', ink: '#fbf4ff' }, // senja
  { bg1: '#c8643b', bg2: '#7f3520', accent: '#ffe3b3', accent2: '#2d4a53', ink: '#fffaf2' }, // terakota
  { bg1: '#2b2b2b', bg2: '#121212', accent: '#d4af37', accent2: '#8a8a8a', ink: '#f5f0e1' }, // arang
  { bg1: '#e8efe0', bg2: '#c9d8b6', accent: '#4f6d3a', accent2: '#b86b4b', ink: '#233018' }, // daun
];
