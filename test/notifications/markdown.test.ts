/** @jest-environment jsdom */
import { escapeHtml, renderMarkdown } from '../../src/notifications/markdown';

describe('agreement markdown is rendered safely', () => {
  it('renders ordinary markdown', () => {
    const html = renderMarkdown(
      '# Terms\n\nYou **must** read [the policy](https://example.com/policy).\n\n- one\n- two',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelector('h1')?.textContent).toBe('Terms');
    expect(doc.querySelector('strong')?.textContent).toBe('must');
    expect(doc.querySelectorAll('li')).toHaveLength(2);
    const a = doc.querySelector('a')!;
    expect(a.getAttribute('href')).toBe('https://example.com/policy');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>hello', /<script/i],
    ['an inline event handler', '<img src="x" onerror="alert(1)">', /onerror/i],
    ['an event handler on a link', '<a href="https://ok" onclick="steal()">x</a>', /onclick/i],
    ['a javascript: markdown link', '[click](javascript:alert(1))', /javascript:/i],
    ['a javascript: html link', '<a href="javascript:alert(1)">x</a>', /javascript:/i],
    ['an obfuscated javascript: link', '<a href="jav&#x09;ascript:alert(1)">x</a>', /ascript:/i],
    ['a data: URL link', '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', /data:/i],
    ['an svg with script', '<svg><script>alert(1)</script></svg>', /<script/i],
    ['an iframe', '<iframe src="https://evil"></iframe>', /<iframe/i],
    ['a style attribute', '<p style="position:fixed">x</p>', /style=/i],
    ['a form', '<form action="https://evil"><input name="p"></form>', /<form|<input/i],
  ])('drops %s', (_name, markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toMatch(forbidden);
  });

  it('keeps the text of what it strips', () => {
    expect(renderMarkdown('<a href="javascript:alert(1)">read me</a>')).toContain('read me');
  });

  it('escapes text for the non-DOM fallback', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
  });
});
