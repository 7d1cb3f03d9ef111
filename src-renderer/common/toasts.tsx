/**
 * Announcements: a job's end, a finished change. A polite live region, so screen readers hear
 * them too. Successes fade after a while; failures stay until dismissed, since they carry a
 * reason someone needs to read.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface Toast {
  id: number;
  tone: 'success' | 'error' | 'info';
  text: string;
}

interface Toasts {
  push(tone: Toast['tone'], text: string): void;
}

const ToastContext = createContext<Toasts>({ push: () => undefined });
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const push = useCallback(
    (tone: Toast['tone'], text: string) => {
      const id = nextId++;
      setToasts((t) => [...t.slice(-4), { id, tone, text }]);
      if (tone !== 'error') setTimeout(() => dismiss(id), 8000);
    },
    [dismiss],
  );
  const value = useMemo(() => ({ push }), [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite" aria-label="Notifications">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.tone}`}>
            <span>{t.text}</span>
            <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              ✕
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export const useToasts = (): Toasts => useContext(ToastContext);
