/**
 * Ctrl+K (Cmd+K on a Mac) opens the command palette from any console page. Only this listener is in the core
 * bundle; the palette and its library load the first time it opens (their own chunk), so no page's first load
 * grows.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const CommandPalette = lazy(() => import(/* webpackChunkName: "command-palette" */ './CommandPalette'));

/** Ctrl+K, or Cmd+K on Apple keyboards; never with Shift or Alt (other shortcuts). */
export const isPaletteShortcut = (
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
) => (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'k';

export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!isPaletteShortcut(e)) return;
      e.preventDefault();
      setOpen((o) => !o);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette onClose={() => setOpen(false)} />
    </Suspense>
  );
}
