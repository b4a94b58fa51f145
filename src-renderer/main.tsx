import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './features/app/App';
import './styles/theme.css';
import './styles/base.css';
import './styles/highlight.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
