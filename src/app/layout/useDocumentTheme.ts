/**
 * Keeps <html> in step with the layout state: the theme override (`data-theme`; `system` follows
 * prefers-color-scheme in CSS) and the custom colours as CSS custom properties (the primary hover derived from the
 * primary). Set through the CSSOM, which the
 * Content-Security-Policy allows.
 */
import { useEffect } from 'react';
import { primaryHoverColour } from '../../lib/colour';
import { useAppSelector } from '../../store/createStore';

export function useDocumentTheme() {
  const theme = useAppSelector((s) => s.layout.theme);
  const style = useAppSelector((s) => s.layout.style);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') root.removeAttribute('data-theme');
    else root.setAttribute('data-theme', theme);
  }, [theme]);
  useEffect(() => {
    const root = document.documentElement;
    if (style?.primaryColor) {
      root.style.setProperty('--color-primary', style.primaryColor);
      // The hover colour follows the custom primary instead of staying the default's (spec §3 primaryHover).
      const hover = primaryHoverColour(style.primaryColor);
      if (hover) root.style.setProperty('--color-primary-hover', hover);
    }
    if (style?.barColor) root.style.setProperty('--color-bar', style.barColor);
  }, [style]);
}
