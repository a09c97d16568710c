// Stroke icons on a 24×24 grid, drawn for this site. Each icon is a list of SVG path `d` strings so
// the same data renders from .astro components (no JS) and from React islands.

export const ICONS = {
  phone: ['M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2'],
  mail: ['M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7z', 'M3 7l9 6 9-6'],
  clock: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18', 'M12 7v5l3 3'],
  mapPin: ['M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z', 'M12 7.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5'],
  check: ['M5 12l5 5L20 7'],
  checkCircle: ['M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18', 'M8.5 12.5l2.5 2.5 5-5'],
  star: ['M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7L12 17.3l-6.2 3.6 1.6-7L2 9.2l7.1-.6z'],
  leaf: ['M5 21c.5-4.5 2.5-8 7-10', 'M9 18c6.2 0 10.5-3.3 11-14-7 0-12.5 1.5-13.6 7.4-.5 2.4.4 4.7 2.6 6.6z'],
  shieldCheck: ['M12 3l8 3v6c0 5-3.4 8.3-8 9-4.6-.7-8-4-8-9V6l8-3z', 'M9 12l2 2 4-4'],
  calendar: [
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7z',
    'M16 3v4',
    'M8 3v4',
    'M4 11h16',
  ],
  sparkles: [
    'M11 3l1.8 4.7 4.7 1.8-4.7 1.8L11 16l-1.8-4.7L4.5 9.5l4.7-1.8z',
    'M19 14l.8 2.2 2.2.8-2.2.8L19 20l-.8-2.2L16 17l2.2-.8z',
  ],
  home: ['M3 11l9-8 9 8', 'M5 10v10h5v-6h4v6h5V10'],
  building: [
    'M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16',
    'M16 9h2a2 2 0 0 1 2 2v10',
    'M3 21h18',
    'M8 7h4',
    'M8 11h4',
    'M8 15h4',
  ],
  hardHat: ['M3 18h18', 'M5 18v-3a7 7 0 0 1 14 0v3', 'M10 8.2V6h4v2.2'],
  arrowLeft: ['M19 12H5', 'M11 6l-6 6 6 6'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  copy: [
    'M9 9h10a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V10a1 1 0 0 1 1-1z',
    'M16 9V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3',
  ],
  chevronDown: ['M6 9l6 6 6-6'],
  users: [
    'M9 4a4 4 0 1 0 0 8a4 4 0 1 0 0-8',
    'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
    'M16 3.1a4 4 0 0 1 0 7.8',
    'M21 21v-2a4 4 0 0 0-3-3.9',
  ],
  award: ['M12 3a6 6 0 1 0 0 12a6 6 0 1 0 0-12', 'M8.5 13.5L7 21l5-3 5 3-1.5-7.5'],
  heart: ['M19.5 12.6L12 20l-7.5-7.4A5 5 0 1 1 12 6a5 5 0 1 1 7.5 6.6z'],
  tag: ['M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z', 'M7.5 6a1.5 1.5 0 1 0 0 3a1.5 1.5 0 1 0 0-3'],
  message: ['M5 5h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H9l-5 4V7a2 2 0 0 1 1-2z'],
  zap: ['M13 3L4 14h7l-1 7 9-11h-7z'],
  dollar: ['M12 3v18', 'M17 7.5A4 4 0 0 0 13 5h-2a3.5 3.5 0 0 0 0 7h2a3.5 3.5 0 0 1 0 7h-2a4 4 0 0 1-4-2.5'],
  repeat: ['M20 11a8 8 0 0 0-14.9-3.9L4 9', 'M4 4v5h5', 'M4 13a8 8 0 0 0 14.9 3.9L20 15', 'M20 20v-5h-5'],
  facebook: ['M7 10v4h3v7h4v-7h3l1-4h-4V8a1 1 0 0 1 1-1h3V3h-3a5 5 0 0 0-5 5v2z'],
  instagram: [
    'M4 8a4 4 0 0 1 4-4h8a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4z',
    'M12 9a3 3 0 1 0 0 6a3 3 0 1 0 0-6',
    'M16.5 7.5v.01',
  ],
  x: ['M4 4l11.7 16H20L8.3 4z', 'M4 20l6.8-6.8', 'M13.2 10.8L20 4'],
} as const satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof ICONS;

/** Icons drawn filled rather than stroked. */
export const FILLED_ICONS: ReadonlySet<IconName> = new Set<IconName>(['star']);
