import { useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster, toast } from 'sonner';
// sonner injects its stylesheet at run time as an inline <style>, which the Content-Security-Policy (style-src
// 'self') refuses: without this bundled copy the toasts lose their positioning and land below the page.
import 'sonner/dist/styles.css';

/* The toast region, loaded after the first paint by toast.tsx, which says what its toasts show. */

export { toast as sonner };

const WIDE_SCREEN = '(min-width: 640px)';

/**
 * Toasts sit above everything, a dialog and its backdrop included (dialog.tsx: z-40 and z-50; the bottom bars z-30):
 * a dialog's failure is said in a toast while it is still open. Said here, inline, rather than left to sonner's
 * stylesheet. The list itself takes no clicks (only the card does, pointer-events-auto), so the parts of a dialog
 * beside a toast stay usable.
 */
const TOASTER_STYLE = { '--width': '420px', zIndex: 100, pointerEvents: 'none' } as CSSProperties;

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useWideScreen() {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(WIDE_SCREEN).matches,
    () => true,
  );
}

/** The one toast region. Phones get toasts at the top, clear of the thumb; wide screens bottom right. */
export function ToastRegion({ label, duration }: { label: string; duration: number }) {
  const wide = useWideScreen();
  return (
    <Toaster
      visibleToasts={1}
      duration={duration}
      position={wide ? 'bottom-right' : 'top-center'}
      containerAriaLabel={label}
      style={TOASTER_STYLE}
      toastOptions={{ unstyled: true }}
    />
  );
}
