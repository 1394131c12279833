/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * Names are text everywhere: a certificate named like markdown or HTML shows, in the expiry banner every viewer of
 * the certificates page gets, exactly as written — never as an image, a link or formatting. Markdown is only for
 * texts written as markdown (server messages, agreements, changelogs). A new hostile name is one row.
 */
import { act, screen } from '@testing-library/react';
import { notificationsSaga } from '../../sagas/notifications.saga';
import { CertificateListPage } from '../../src/app/pages/system/certificates/CertificateListPage';
import { NotificationCenter } from '../../src/notifications/NotificationCenter';
import { loadMarkdownRenderer } from '../../src/notifications/useMarkdown';
import { notificationRequested } from '../../src/store/slices/notifications.slice';
import { resourcesState } from '../../stories/pages/fixtures';
import {
  FIRST_PAGE,
  certificateSummary,
  paged,
  rootCa,
  webCertificate,
} from '../../stories/screens/system/fixtures';
import { renderPki } from '../app/pages/system/renderPki';
import { fakeApi } from '../sagas/fakes';

/** What markdown or HTML would turn into elements: none may appear in a notice built from a name. */
const FORMATTING =
  'img, a, strong, em, del, code, pre, h1, h2, h3, h4, h5, h6, blockquote, ul, ol, table, hr, br, p';

const HOSTILE_NAMES: ReadonlyArray<[string, string]> = [
  ['an HTML image', '<img src=x>'],
  ['an HTML image with a handler', '<img src=x onerror=alert(1)>'],
  ['an HTML link', '<a href="https://evil.test">renew here</a>'],
  ['a markdown image', '![x](http://evil.test/pixel.png)'],
  ['a markdown image with a title', '![logo](https://evil.test/a.png "Official")'],
  ['a javascript: markdown link', '[link](javascript:alert(1))'],
  ['a markdown link', '[renew now](https://evil.test/renew)'],
  ['a reference-style link', '[renew][1] [1]: https://evil.test'],
  ['an autolink', '<http://evil.test>'],
  ['an e-mail autolink', '<ops@evil.test>'],
  ['a bare URL (GFM linkify)', 'https://evil.test/login'],
  ['a www address (GFM linkify)', 'www.evil.test'],
  ['a bare e-mail address (GFM linkify)', 'ops@evil.test'],
  ['strong emphasis', '**urgent** __now__'],
  ['emphasis', '*quiet* _quiet_'],
  ['strikethrough', '~~valid~~'],
  ['inline code', '`rm -rf /`'],
  ['a heading', '# Renew immediately'],
  ['a setext heading underline', 'Renew ==='],
  ['a block quote', '> from the admin'],
  ['a list', '- one - two'],
  ['an ordered list', '1. first'],
  ['a thematic break', '---'],
  ['a table', '| a | b |'],
  ['a hard line break', 'one  \ntwo'],
  ['a backslash line break', 'one\\\ntwo'],
  ['an HTML entity', '&lt;b&gt; &amp; &#x41;'],
  ['backslash escapes', '\\*not\\* \\[a\\](b)'],
];

beforeAll(async () => {
  // Loaded up front: a name treated as markdown would be rendered as HTML at once, so the test would see it.
  await loadMarkdownRenderer();
});

function renderWithExpiring(name: string) {
  const cert = { ...webCertificate, name, used_by: [] };
  const page = paged([cert]);
  // The banners come from the summary's watched certificates (the list page holds one page only).
  const summary = {
    ...certificateSummary,
    watched: [{ ...certificateSummary.watched[0], name, used_by: [] }],
  };
  const cas = { data: [rootCa] };
  const { api } = fakeApi({
    [`GET /api/${FIRST_PAGE.certificates}`]: () => page,
    'GET /api/pki/certificates/summary': () => summary,
    'GET /api/pki/cas': () => cas,
  });
  return renderPki(
    <>
      <CertificateListPage />
      <NotificationCenter />
    </>,
    {
      api,
      route: '/system/certificates',
      path: '/system/certificates',
      state: resourcesState({
        [FIRST_PAGE.certificates]: page,
        'pki/certificates/summary': summary,
        'pki/cas': cas,
      }),
      sagas: [notificationsSaga],
    },
  );
}

test.each(HOSTILE_NAMES)(
  'a certificate named with %s shows literally in its expiry banner',
  (_what, name) => {
    renderWithExpiring(name);
    const banner = screen.getByRole('listitem', { name: 'Warning: Certificate about to expire' });
    const message = banner.querySelector('.notification__message')!;
    expect(message.textContent).toMatch(/ expires in (9|10) days\.$/);
    expect(message.textContent!.replace(/ expires in (9|10) days\.$/, '')).toBe(name);
    expect(message.querySelectorAll(FORMATTING)).toHaveLength(0);
    expect(banner.querySelectorAll('img')).toHaveLength(0);
    // The one link is the console's own Review link, apart from the message: none comes from the name.
    expect([...banner.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/system/certificates?status=valid&expires_within_days=14',
    ]);
  },
);

test('a server message is still markdown (the renderer this corpus guards against is live)', async () => {
  const { store } = renderWithExpiring('plain');
  act(() => {
    store.dispatch(
      notificationRequested({
        id: '9',
        version_id: '1',
        markdown: true,
        kind: 'banner',
        level: 'warning',
        title: 'News',
        message: '![x](https://example.test/x.png) [docs](https://example.test/docs)',
      }),
    );
  });
  const news = await screen.findByRole('listitem', { name: 'Warning: News' });
  expect(news.querySelectorAll('img')).toHaveLength(1);
  expect(news.querySelector('a')?.getAttribute('href')).toBe('https://example.test/docs');
});
