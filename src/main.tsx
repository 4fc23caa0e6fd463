import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppSession } from './root.ts';
import { App } from './views/App.tsx';
import { AppSessionProvider } from './views/appContext.tsx';
import './views/styles.css';

// The root actor is created once, outside React, so StrictMode cannot double-start its effects.
const appSession = createAppSession();
appSession.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppSessionProvider actor={appSession}>
      <App />
    </AppSessionProvider>
  </StrictMode>,
);
