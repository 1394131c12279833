/**
 * Built-in help (`/help`): every area's page, searchable as you type; `/help#network` opens at that area. The
 * markdown is rendered by the console's sanitised renderer.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useMarkdown } from '../../../notifications/useMarkdown';
import { PageHeader } from '../../../widgets/PageHeader';
import { HELP_PAGES, searchHelp, type HelpPage } from './pages';
import './help.css';

export const HELP_TITLE = 'Help';

function HelpSection({ page }: { page: HelpPage }) {
  const html = useMarkdown(page.markdown);
  return (
    <article id={page.id} className="help__page" aria-label={page.title} tabIndex={-1}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}

export function HelpScreen() {
  const [query, setQuery] = useState('');
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView?.();
      target.focus();
    }
  }, [hash]);
  const found = searchHelp(HELP_PAGES, query);
  return (
    <section className="page help" aria-label={HELP_TITLE}>
      <PageHeader
        title={HELP_TITLE}
        search={{
          label: 'Search the help',
          value: query,
          onChange: setQuery,
          placeholder: 'Search the help',
        }}
        statusNotice={
          query ? { text: `${found.length} of ${HELP_PAGES.length} pages match.`, level: 'info' } : undefined
        }
      />
      <nav aria-label="Help pages" className="help__toc">
        <ul>
          {found.map((p) => (
            <li key={p.id}>
              <a href={`#${p.id}`}>{p.title}</a>
            </li>
          ))}
          <li>
            <a href="/help/api">API reference</a>
          </li>
        </ul>
      </nav>
      {found.length === 0 ? (
        <p className="page__notice" role="note">
          No help page mentions “{query}”.
        </p>
      ) : (
        found.map((p) => <HelpSection key={p.id} page={p} />)
      )}
    </section>
  );
}
