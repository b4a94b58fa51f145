const PATHS = {
  plus: 'M8 3v10M3 8h10',
  close: 'M4 4l8 8M12 4l-8 8',
  trash: 'M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4',
  search: 'M11 11l3 3M7 12A5 5 0 1 0 7 2a5 5 0 0 0 0 10z',
  download: 'M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10',
  pencil: 'M10.5 2.5l3 3L6 13H3v-3z',
  agent: 'M3.5 5h9v8h-9zM8 2.5V5M6.5 8.5v1M9.5 8.5v1',
  settings: 'M2.5 4h6M11.5 4h2M2.5 12h2M7.5 12h6M10 2.5v3M6 10.5v3',
  terminal: 'M2 3h12v10H2zM4.5 6l2 2-2 2M8.5 10.5h3',
  stop: 'M4.5 4.5h7v7h-7z',
  up: 'M4 10l4-4 4 4',
  down: 'M4 6l4 4 4-4',
  question: 'M6 6a2 2 0 1 1 2.8 1.8c-.5.3-.8.7-.8 1.2v.5M8 11.5v.5',
  folder: 'M2 4h4.5L8 5.5h6V13H2z',
  sidebar: 'M2 3h12v10H2zM6 3v10',
  copy: 'M5.5 5.5h8v8h-8zM3 10.5H2.5v-8h8V3',
  check: 'M3 8.5l3 3 7-7',
  cross: 'M4.5 4.5l7 7M11.5 4.5l-7 7',
  ban: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM3.8 3.8l8.4 8.4',
  hand: 'M5 8V3.5a1 1 0 0 1 2 0V7M7 7V2.5a1 1 0 0 1 2 0V7M9 7V3.5a1 1 0 0 1 2 0V9c0 3-1.5 5-4 5-2 0-3-1-4-3L2.5 8.5a1 1 0 0 1 1.7-1L5 8.5',
  file: 'M4 2h5l3 3v9H4zM9 2v3h3',
  globe: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM2 8h12M8 2c-2 2-2 10 0 12M8 2c2 2 2 10 0 12',
  code: 'M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5',
  gear: 'M8 10.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4',
  wrench: 'M10 2.5a3 3 0 0 0-2.8 4L2.5 11.2l2.3 2.3 4.7-4.7a3 3 0 0 0 4-2.8l-1.8 1.8-1.8-.5-.5-1.8z',
  list: 'M6 4h7.5M6 8h7.5M6 12h7.5M2.5 4h1M2.5 8h1M2.5 12h1',
  brain:
    'M8 3v10M8 3a2.5 2.5 0 0 0-4.5 1.5A2.5 2.5 0 0 0 3 9a2.5 2.5 0 0 0 2.5 4H8M8 3a2.5 2.5 0 0 1 4.5 1.5A2.5 2.5 0 0 1 13 9a2.5 2.5 0 0 1-2.5 4H8',
  people:
    'M6 7.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM2 13c0-2 2-3.5 4-3.5s4 1.5 4 3.5M11 7.5a1.7 1.7 0 1 0 0-3.4M12 9.5c1.3.4 2 1.6 2 3',
  image: 'M2.5 3h11v10h-11zM2.5 11l3.5-3.5 3 3 2-2 2.5 2.5M10.5 6.5h.01',
  home: 'M2.5 7.5L8 3l5.5 4.5M4 6.5V13h8V6.5',
  refresh: 'M13 8a5 5 0 1 1-1.5-3.5M12 1.5v3h-3',
  branch: 'M5 2.5v11M5 10.5c0-3 6-2 6-5M11 5.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3',
} as const;

export type IconName = keyof typeof PATHS;

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(PATHS, name);
}

let maskSheet: CSSStyleSheet | undefined;

/** One `.mi-<name>` rule per icon, added to the document once: the mask image each span shares. */
function ensureMaskSheet(): void {
  if (maskSheet || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in document)) return;
  maskSheet = new CSSStyleSheet();
  const rules = Object.entries(PATHS).map(([name, d]) => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" fill="none" stroke="#000" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><path d="${d}"/></svg>`;
    return `.mi-${name}{mask-image:url("data:image/svg+xml,${encodeURIComponent(svg)}")}`;
  });
  maskSheet.replaceSync(rules.join('\n'));
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, maskSheet];
}

/**
 * The class that draws an icon as a CSS mask filled with the element's colour: the same drawing as
 * `Icon` on one span, with no SVG tree to build, style and lay out (cards mount many per frame).
 */
export function maskIconClass(name: IconName): string {
  ensureMaskSheet();
  return `mi-${name}`;
}

/** `Icon` as one masked span (see `maskIconClass`); sized and aligned like the SVG. */
export function MaskIcon({ name }: { name: IconName }) {
  return <span className={`mask-icon ${maskIconClass(name)}`} aria-hidden="true" />;
}

/** Line icons drawn with currentColor, so they follow the theme and need no font. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon-svg"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
