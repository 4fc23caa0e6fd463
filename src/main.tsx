import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './root.ts';
import { importMapActive } from './services/codeIntegrity.ts';
import { App } from './views/App.tsx';
import { AppSessionProvider } from './views/appContext.tsx';
import { AuditProvider } from './views/audit/auditContext.tsx';
import { PersistenceGate } from './views/audit/PersistenceGate.tsx';
import { FlowsProvider } from './views/flows/flowsContext.tsx';
import './views/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

if (import.meta.env.PROD && !importMapActive()) {
  // The host's Content-Security-Policy dropped the import map that pins every chunk loaded later (decision 0022):
  // starting anyway would run signing code nothing checked. Fail closed, and say what the operator must change.
  const main = document.createElement('main');
  main.setAttribute('role', 'alert');
  const heading = document.createElement('h1');
  heading.textContent = 'Countersign cannot check its own code on this host';
  const text = document.createElement('p');
  text.textContent =
    "The page's Content-Security-Policy blocked the import map that pins the integrity of every script, so the app does not start. " +
    "The host's script-src must allow it by the hash that `npm run preview` sends for this build (README, \"Security headers\").";
  main.append(heading, text);
  container.replaceChildren(main);
  throw new Error('Import map not in force: the Content-Security-Policy blocked it; the app does not start.');
}

// The root actor is created once, outside React, so StrictMode cannot double-start its effects.
const { appSession, audit, flows, apps, screens, devnetAccounts } = createApp();
appSession.start();

createRoot(container).render(
  <StrictMode>
    <AppSessionProvider actor={appSession}>
      <AuditProvider port={audit}>
        <PersistenceGate>
          <FlowsProvider port={flows}>
            <App screens={screens} apps={apps} devnetAccounts={devnetAccounts} />
          </FlowsProvider>
        </PersistenceGate>
      </AuditProvider>
    </AppSessionProvider>
  </StrictMode>,
);
