import { earlySent, sendEarly } from './api/earlyConnection';
import { FIRST_PAGE } from './features/sessions/firstPage';

/*
 * The page's entry: it asks for the session list's first page at once, then loads the app. The
 * app's code and styles are named in the page's head (vite.renderer.config.ts), so they load
 * alongside this module while the answer is on its way, and the list draws with the app's first
 * render instead of a request sent only once the app has mounted and connected. The app's code
 * runs once the request is sent: evaluating it holds the main thread, and with it the socket's
 * open event.
 */
sendEarly('sessions.list', FIRST_PAGE);

/** The longest the app waits for the socket to open before its code runs anyway. */
const SEND_LIMIT_MS = 150;

earlySent(SEND_LIMIT_MS)
  .then(() => import('./startApp'))
  .catch(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const message = document.createElement('p');
    message.className = 'load-failed';
    message.textContent = 'Caduceus could not load its code. ';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.textContent = 'Reload';
    reload.onclick = () => location.reload();
    message.append(reload);
    root.replaceChildren(message);
  });
