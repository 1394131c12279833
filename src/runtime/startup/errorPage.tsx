/** The page a fatal error shows, rendered afresh in place of the app. */
import { createRoot, type Root } from 'react-dom/client';
import { ErrorPage } from '../../app/errors/ErrorPage';

export function renderErrorPage(container: HTMLElement): Root {
  container.textContent = '';
  const root = createRoot(container);
  root.render(<ErrorPage status={500} />);
  return root;
}
