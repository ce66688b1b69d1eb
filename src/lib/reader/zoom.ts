import { ZOOM_MAX, ZOOM_MIN } from './reading.ts';

/** At this width or less the readers use their phone layout. */
export const PHONE_READER_WIDTH = 642;
/** The zoom a wide screen opens at, when the page fits at it. */
const DESKTOP_ZOOM = 1.8;

export interface Size {
  width: number;
  height: number;
}

const clamp = (zoom: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom));
const floor2 = (zoom: number) => Math.floor(zoom * 100) / 100;

/** The zoom at which a page `pageWidth` points wide fills `available` CSS pixels. */
export function fitWidthZoom(available: number, pageWidth: number): number {
  if (!(available > 0) || !(pageWidth > 0)) return 1;
  return clamp(floor2(available / pageWidth));
}

/** The zoom at which a whole page fits in `available`. */
export function fitPageZoom(available: Size, page: Size): number {
  if (!(available.width > 0) || !(available.height > 0) || !(page.width > 0) || !(page.height > 0)) return 1;
  return clamp(floor2(Math.min(available.width / page.width, available.height / page.height)));
}

/**
 * The zoom a PDF opens at in a stage of `available` CSS pixels: page by page, the whole page; on a
 * phone, the page's width (its text readable without pinching); on a wide screen 180 %, unless the
 * page would be wider than the stage.
 */
export function openingZoom(available: Size, page: Size, flow: 'scroll' | 'paged', phone: boolean): number {
  if (flow === 'paged') return fitPageZoom(available, page);
  const fit = fitWidthZoom(available.width, page.width);
  return phone ? fit : Math.min(DESKTOP_ZOOM, fit);
}

/** The zoom after a pinch that scaled the page by `factor`. */
export function pinchedZoom(zoom: number, factor: number): number {
  if (!(factor > 0)) return zoom;
  return clamp(Math.round(zoom * factor * 100) / 100);
}

/** A double tap zooms in to twice the fitted zoom, and back out to it. */
export function doubleTapZoom(zoom: number, fit: number): number {
  return zoom < fit * 1.4 ? clamp(fit * 2) : fit;
}
