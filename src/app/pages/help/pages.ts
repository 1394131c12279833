/** The built-in help: one markdown page per console area, in menu order; `/help#<id>` links to one. */
import account from './content/account.md';
import authentication from './content/authentication.md';
import dns from './content/dns.md';
import home from './content/home.md';
import logs from './content/logs.md';
import messaging from './content/messaging.md';
import network from './content/network.md';
import settings from './content/settings.md';
import shop from './content/shop.md';
import ssh from './content/ssh.md';
import system from './content/system.md';
import updates from './content/updates.md';

export interface HelpPage {
  id: string;
  title: string;
  markdown: string;
}

const page = (id: string, markdown: string): HelpPage => ({
  id,
  title: /^#\s+(.+)$/m.exec(markdown)?.[1].trim() ?? id,
  markdown,
});

export const HELP_PAGES: readonly HelpPage[] = [
  page('home', home),
  page('network', network),
  page('logs', logs),
  page('dns', dns),
  page('ssh', ssh),
  page('updates', updates),
  page('settings', settings),
  page('system', system),
  page('authentication', authentication),
  page('messaging', messaging),
  page('account', account),
  page('shop', shop),
];

/** Pages containing every word of the query (case-insensitive); all pages for an empty query. */
export function searchHelp(pages: readonly HelpPage[], query: string): HelpPage[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!terms.length) return [...pages];
  return pages.filter((p) => {
    const text = p.markdown.toLowerCase();
    return terms.every((t) => text.includes(t));
  });
}
