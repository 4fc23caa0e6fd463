import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildIntegrity } from './scripts/lib/buildIntegrity.ts';

export default defineConfig({
  // buildIntegrity: CSP meta fallback, Subresource Integrity and the printed build hash (scripts/lib/buildIntegrity.ts).
  plugins: [react(), buildIntegrity()],
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
