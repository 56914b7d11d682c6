import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // No inline scripts or styles: the Content-Security-Policy allows only 'self'.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
});
