/**
 * Keeps <html> in step with the layout state: the theme override (`data-theme`; `system` follows
 * prefers-color-scheme in CSS) and the custom colours as CSS custom properties (the primary hover and the text
 * colour on the primary derived from the primary). Set through the CSSOM, which the
 * Content-Security-Policy allows.
 */
import { useEffect } from 'react';
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
    let current = true;
    const primary = style?.primaryColor;
    if (primary) {
      root.style.setProperty('--color-primary', primary);
      // The hover colour follows the custom primary instead of staying the default's (spec §3 primaryHover). The
      // colour library loads on demand: the server already rendered the page's hover colour, and the login page's
      // initial script stays smaller without it.
      void import(/* webpackChunkName: "colour" */ '../../lib/colour').then(
        ({ primaryContrastColour, primaryHoverColour }) => {
          if (!current) return;
          const hover = primaryHoverColour(primary);
          if (hover) root.style.setProperty('--color-primary-hover', hover);
          const text = primaryContrastColour(primary);
          if (text) root.style.setProperty('--color-primary-contrast', text);
        },
      );
    }
    if (style?.barColor) root.style.setProperty('--color-bar', style.barColor);
    return () => {
      current = false;
    };
  }, [style]);
}
