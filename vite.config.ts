import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// sonner (toasts) writes its stylesheet into an inline <style> when imported, which the Content-Security-Policy
// refuses (console errors, unstyled toasts). The same stylesheet is bundled instead (components/ui/toast.tsx).
const sonnerWithoutInlineStyle: Plugin = {
  name: 'sonner-without-inline-style',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
    return { code: code.replace(/^__insertCSS\(/m, 'void ('), map: null };
  },
};

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), sonnerWithoutInlineStyle],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // No inline scripts or styles: the Content-Security-Policy allows only 'self'.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
  },
});
