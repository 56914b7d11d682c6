import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * sonner adds its stylesheet as a <style> element when it loads, which the Content-Security-Policy
 * (style-src 'self') blocks. Its styles come from its CSS file instead (imported by components/ui/toast.tsx,
 * bundled into ours), so the injection is dropped.
 */
function sonnerWithoutInlineStyles(): Plugin {
  return {
    name: 'sonner-without-inline-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      return {
        code: code.replace(/function __insertCSS\(code\) \{/, 'function __insertCSS(code) { return;'),
        map: null,
      };
    },
  };
}

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [sonnerWithoutInlineStyles(), react(), tailwindcss()],
  resolve: {
    // The dialogs' scroll lock adds <style> elements through this package; ours adopts a stylesheet instead.
    alias: { 'react-style-singleton': fileURLToPath(new URL('./src/client/lib/style-singleton.ts', import.meta.url)) },
  },
  // Pre-bundled dependencies skip the transform above: sonner must go through it in development too.
  optimizeDeps: { exclude: ['sonner'] },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // No inline scripts or styles: the Content-Security-Policy allows only 'self'.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
});
