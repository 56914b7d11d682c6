import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_SCRIPT_TEXTS_FILE, firstScriptTexts } from './src/shared/i18n/first-script';

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

/**
 * Writes which texts the first script says (src/shared/i18n/first-script.ts), so that a page's HTML carries
 * only those. The first script is the entry chunk, the application it starts at once (src/client/start.tsx, its
 * one dynamic import), and every chunk they import statically: the browser loads them all with the page.
 */
function firstScriptTextsFile(): Plugin {
  return {
    name: 'first-script-texts',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
      const seen = new Set<string>();
      const pending = entry?.type === 'chunk' ? [entry.fileName, ...entry.dynamicImports] : [];
      let code = '';
      for (let fileName = pending.pop(); fileName !== undefined; fileName = pending.pop()) {
        const chunk = bundle[fileName];
        if (seen.has(fileName) || chunk?.type !== 'chunk') continue;
        seen.add(fileName);
        code += chunk.code;
        pending.push(...chunk.imports);
      }
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCRIPT_TEXTS_FILE,
        source: JSON.stringify(firstScriptTexts(code)),
      });
    },
  };
}

/**
 * The stylesheet loads beside the script instead of blocking the page: nothing paints before the script has
 * rendered the first screen, and main.tsx applies the stylesheet (by then loaded or on its way) before that
 * render. A <link rel="stylesheet"> in the head held the first paint for its download (Lighthouse's
 * render-blocking resources) on top of the script's.
 */
function stylesheetPreloaded(): Plugin {
  return {
    name: 'stylesheet-preloaded',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<link rel="stylesheet"( crossorigin)? href="/g, '<link rel="preload" as="style"$1 href="'),
    },
  };
}

/**
 * The application (src/client/start.tsx, which the entry imports dynamically) announced in the page as a module
 * preload, so that a page the script renders fetches it beside the entry instead of one round trip after it. A page
 * whose first screen the server rendered drops the announcement (src/server/http/client.ts): it fetches the
 * application after its first paint.
 */
function applicationPreloaded(): Plugin {
  return {
    name: 'application-preloaded',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        // Found by the module it holds, not by its place among the entry's imports: another dynamic import in
        // main.tsx must not be announced in its stead.
        const application = Object.values(bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith('/src/client/start.tsx')),
        );
        return application
          ? html.replace(
              '</head>',
              `  <link rel="modulepreload" crossorigin href="/${application.fileName}">\n  </head>`,
            )
          : html;
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    sonnerWithoutInlineStyles(),
    react(),
    tailwindcss(),
    firstScriptTextsFile(),
    stylesheetPreloaded(),
    applicationPreloaded(),
  ],
  resolve: {
    alias: {
      // The dialogs' scroll lock adds <style> elements through this package; ours adopts a stylesheet instead.
      'react-style-singleton': fileURLToPath(new URL('./src/client/lib/style-singleton.ts', import.meta.url)),
      // A built page's messages come parsed (src/server/http/client.ts), so its script leaves the ICU parser out
      // (a quarter of react-intl's size). The development server's page formats English text messages: it keeps it.
      ...(command === 'build' && {
        '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
      }),
    },
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
  // `vite build` builds both: the browser's scripts, then the storefront's first screen as the server renders it
  // (src/client/server-render.tsx, docs/decisions/0019-server-rendered-first-screen.md). That one is a single
  // module with its packages inside, because React and the rest are the browser's, not the server's,
  // dependencies (a production install has none of them).
  builder: {},
  environments: {
    ssr: {
      resolve: { noExternal: true },
      // React's production build on the server whatever NODE_ENV says, as in the browser's scripts.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: '../../dist/server-render',
        emptyOutDir: true,
        copyPublicDir: false,
        ssr: true,
        rollupOptions: {
          input: { 'server-render': fileURLToPath(new URL('./src/client/server-render.tsx', import.meta.url)) },
        },
      },
    },
  },
}));
