import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api/client';
import { App } from './features/app/App';
import './styles/theme.css';
import './styles/base.css';
import './styles/highlight.css';

// The connection to main opens while the first render runs; the first requests wait for it.
api();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
