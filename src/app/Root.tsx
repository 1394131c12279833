/** The root route element: applies the theme and custom colours and renders the matched page. */
import { Outlet } from 'react-router';
import { useDocumentTheme } from './layout/useDocumentTheme';

export function Root() {
  useDocumentTheme();
  return <Outlet />;
}
