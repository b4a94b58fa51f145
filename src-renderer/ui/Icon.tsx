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
} as const;

export type IconName = keyof typeof PATHS;

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
