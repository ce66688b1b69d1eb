/**
 * Stroke icons on a 24×24 grid (drawn with `currentColor`), shared by .astro components and
 * islands. Menu entries name theirs with the API's `icon` field; unknown names get `dot`.
 */
export const ICONS = {
  book: ['M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z', 'M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z'],
  shelf: ['M3 20h18', 'M5 5h3v15H5z', 'M10 7h3v13h-3z', 'M15 7.5l2.9-.8 3.2 12.5-2.9.8z'],
  library: ['M3 21h18', 'M4 10h16', 'M12 3l8 5H4z', 'M6 10v8', 'M10 10v8', 'M14 10v8', 'M18 10v8'],
  membership: ['M3 5h18v14H3z', 'M7 10a2 2 0 1 0 4 0a2 2 0 1 0-4 0', 'M6 16c.8-1.8 5.2-1.8 6 0', 'M15 9h3', 'M15 13h3'],
  school: ['M2 9l10-5 10 5-10 5z', 'M6 11v5c0 1.5 3 3 6 3s6-1.5 6-3v-5', 'M22 9v6'],
  donation: ['M3 8h18v4H3z', 'M5 12v9h14v-9', 'M12 8v13', 'M12 8c-1.5-3-5-4-5-1.5S10 8 12 8', 'M12 8c1.5-3 5-4 5-1.5S14 8 12 8'],
  video: ['M3 5h18v14H3z', 'M10 9l5 3-5 3z'],
  audio: ['M3 18v-6a9 9 0 0 1 18 0v6', 'M21 19a2 2 0 0 1-2 2h-1v-6h3z', 'M3 19a2 2 0 0 0 2 2h1v-6H3z'],
  article: ['M4 4h13v16H6a2 2 0 0 1-2-2z', 'M17 8h3v10a2 2 0 0 1-2 2h-1', 'M8 8h5', 'M8 12h5', 'M8 16h3'],
  bell: ['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.9 1.9 0 0 0 3.4 0'],
  timeline: ['M3 12h4l3-8 4 16 3-8h4'],
  friendship: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21v-1a6 6 0 0 1 12 0v1', 'M16 3.5a4 4 0 0 1 0 7', 'M18 14.5a6 6 0 0 1 4 5.5v1'],
  help: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3', 'M12 17h.01'],
  apps: ['M4 4h4v4H4z', 'M10 4h4v4h-4z', 'M16 4h4v4h-4z', 'M4 10h4v4H4z', 'M10 10h4v4h-4z', 'M16 10h4v4h-4z', 'M4 16h4v4H4z', 'M10 16h4v4h-4z', 'M16 16h4v4h-4z'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-4.3-4.3'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  settings: ['M4 6h9', 'M17 6h3', 'M15 4v4', 'M4 12h3', 'M11 12h9', 'M9 10v4', 'M4 18h11', 'M19 18h1', 'M17 16v4'],
  logout: ['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'M16 17l5-5-5-5', 'M21 12H9'],
  close: ['M18 6L6 18', 'M6 6l12 12'],
  chevronDown: ['M6 9l6 6 6-6'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  globe: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M3 12h18', 'M12 3a14 14 0 0 1 0 18a14 14 0 0 1 0-18'],
  compass: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M15.5 8.5l-2 5-5 2 2-5z'],
  qr: ['M4 4h6v6H4z', 'M14 4h6v6h-6z', 'M4 14h6v6H4z', 'M14 14h2v2h-2z', 'M18 18h2v2h-2z', 'M14 18h2', 'M18 14h2'],
  dot: ['M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof ICONS;

/** The paths of icon `name`, or of `dot` when the name is unknown. */
export function iconPaths(name: string): readonly string[] {
  return Object.hasOwn(ICONS, name) ? ICONS[name as IconName] : ICONS.dot;
}
