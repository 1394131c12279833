/**
 * The QA panel's lazy chunk: connects the page's actors (src/qa/inspect) to a registry and opens the panel with
 * Ctrl+Alt+Q in its own React root, outside the console's tree (so it never changes what the page renders).
 */
import { createRoot, type Root } from 'react-dom/client';
import { connectInspector } from '../inspect';
import { QaPanel, QA_PANEL_SHORTCUT } from './QaPanel';
import { ActorRegistry } from './registry';

export function installQaPanel(doc: Document = document): ActorRegistry {
  const registry = new ActorRegistry();
  connectInspector(registry.inspect);
  let root: Root | null = null;
  let host: HTMLElement | null = null;
  let returnFocus: HTMLElement | null = null;
  const close = () => {
    root?.unmount();
    host?.remove();
    root = null;
    host = null;
    returnFocus?.focus();
  };
  doc.addEventListener('keydown', (e) => {
    const s = QA_PANEL_SHORTCUT;
    if (e.key === 'Escape' && root) return close();
    if (e.code !== s.code || e.ctrlKey !== s.ctrlKey || e.altKey !== s.altKey || e.shiftKey || e.metaKey)
      return;
    e.preventDefault();
    if (root) return close();
    returnFocus = doc.activeElement as HTMLElement | null;
    host = doc.createElement('div');
    host.className = 'qa-panel-host';
    doc.body.appendChild(host);
    root = createRoot(host);
    root.render(<QaPanel registry={registry} onClose={close} />);
  });
  return registry;
}
