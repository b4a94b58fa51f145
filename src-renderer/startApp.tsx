import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client';
import { App } from './features/app/App';
import { showEarlyPage } from './features/sessions/sessionsStore';
import './styles/theme.css';
import './styles/base.css';
import './styles/highlight.css';

/** The longest the first render waits for the list's first page. */
const FIRST_PAGE_WAIT_MS = 100;

// The connection to main (opened by the entry module, or now) carries the first requests.
api();
// The first page, asked for before this code ran, is usually here: the first render draws it.
await showEarlyPage(FIRST_PAGE_WAIT_MS);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
