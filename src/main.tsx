import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './root.ts';
import { App } from './views/App.tsx';
import { AppSessionProvider } from './views/appContext.tsx';
import { AuditProvider } from './views/audit/auditContext.tsx';
import { PersistenceGate } from './views/audit/PersistenceGate.tsx';
import { FlowsProvider } from './views/flows/flowsContext.tsx';
import './views/styles.css';

// The root actor is created once, outside React, so StrictMode cannot double-start its effects.
const { appSession, audit, flows, apps, screens } = createApp();
appSession.start();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppSessionProvider actor={appSession}>
      <AuditProvider port={audit}>
        <PersistenceGate>
          <FlowsProvider port={flows}>
            <App screens={screens} apps={apps} />
          </FlowsProvider>
        </PersistenceGate>
      </AuditProvider>
    </AppSessionProvider>
  </StrictMode>,
);
