import { useEffect } from 'react';

/*
 * Stands in for the react-style-singleton package (the dialogs' scroll lock uses it) through an alias in
 * vite.config.ts. The package adds <style> elements, which the Content-Security-Policy (style-src 'self') blocks;
 * a constructed stylesheet adopted by the document is not subject to it. Same API and behaviour otherwise: the
 * styles are added when the first user mounts and removed when the last one unmounts.
 */

export function stylesheetSingleton() {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (counter === 0 && sheet) {
        const removed = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== removed);
        sheet = null;
      }
    },
  };
}

export function styleHookSingleton() {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
      // Like the package: the styles are read once unless they are dynamic.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [styles && isDynamic]);
  };
}

export function styleSingleton() {
  const useStyle = styleHookSingleton();
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
}
