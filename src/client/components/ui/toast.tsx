import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

// docs/product.md: one toast at a time, shown for 5000 ms.
export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(ToastInput & { key: number }) | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: ToastInput) => {
    clearTimeout(timer.current);
    setToast({ ...next, key: Date.now() });
    timer.current = setTimeout(() => setToast(null), TOAST_DURATION_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-4 sm:bottom-0 sm:top-auto sm:justify-end">
        {toast && (
          <div
            key={toast.key}
            role={toast.variant === 'destructive' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 shadow-lg sm:max-w-[420px]',
              toast.variant === 'destructive' ? 'border-red-700 bg-red-600 text-white' : 'border-stone-200 bg-white text-stone-900',
            )}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
            </div>
            <button type="button" onClick={() => setToast(null)} className="text-sm opacity-70 hover:opacity-100" aria-label="Dismiss notification">
              ✕
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside ToastProvider');
  return toast;
}
