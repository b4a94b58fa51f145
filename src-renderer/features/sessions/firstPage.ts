/*
 * The session list's first page, apart from its store so the page's entry module (main.tsx) can
 * ask for it before the app's code has loaded, with nothing else imported.
 */

/** Sessions asked for at a time; the list asks for the next page as it nears the end. */
export const SESSIONS_PAGE = 50;

/** What a page load asks for first: the newest sessions. */
export const FIRST_PAGE = { limit: SESSIONS_PAGE };
