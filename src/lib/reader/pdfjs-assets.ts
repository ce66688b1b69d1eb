/**
 * pdf.js's JavaScript decoders for JBIG2 and JPEG 2000 images (the fallbacks of its WebAssembly
 * ones, which the site's content security policy does not allow). pdf.js loads them by name from
 * the folder given as `wasmUrl`; the build copies them there (src/lib/build/pdfjs-decoders.ts).
 */
export const PDFJS_DECODERS = ['jbig2_nowasm_fallback.js', 'openjpeg_nowasm_fallback.js'];

/** The folder, under the hashed assets, where the decoders of pdf.js `version` are served. */
export function pdfjsDecodersPath(version: string): string {
  return `/_astro/pdfjs-${version}/`;
}
