import {
  escapeHtml,
  renderDocument,
  serializeForScript,
  serializeStateForScript,
} from '../../src/server/document';

describe('serialising state into the page', () => {
  test.each(['</script><script>alert(1)</script>', '<!--', '</SCRIPT >', '\u2028\u2029', '& < > " \''])(
    'cannot break out of the script element: %p',
    (hostile) => {
      const out = serializeForScript({ menu: [{ name: hostile }] });
      expect(out).not.toMatch(/<\/?script/i);
      expect(out).not.toContain('<!--');
      expect(out).not.toContain('\u2028');
      expect(JSON.parse(out)).toEqual({ menu: [{ name: hostile }] });
    },
  );

  test.each(['</script><script>alert(1)</script>', '\u2028', '& < >'])(
    'a state written slice by slice is the same JSON, as safe: %p',
    (hostile) => {
      const state = {
        menu: { items: [{ name: hostile }] },
        count: 3,
        gone: undefined,
        flag: null,
        [hostile]: 'key',
      };
      const out = serializeStateForScript(state);
      expect(out).toBe(serializeForScript(state));
      expect(out).not.toMatch(/<\/?script/i);
      expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(state)));
    },
  );

  test('a slice kept from an earlier state is written as it was; a new slice object is written anew', () => {
    const menu = { items: [{ name: 'DNS' }] };
    const first = serializeStateForScript({ menu, session: { user: 'a' } });
    const next = { menu, session: { user: 'b' } };
    expect(serializeStateForScript(next)).toBe(first.replace('"a"', '"b"'));
    expect(serializeStateForScript({ ...next, menu: { items: [{ name: 'SSH' }] } })).toContain('"SSH"');
  });

  test('the document carries nonces on every script and escapes the title', () => {
    const html = renderDocument({
      title: '<b>x</b>',
      body: '<p>hi</p>',
      stateJson: serializeStateForScript({ a: '</script>' }),
      stateElementId: 'S',
      nonce: 'n1',
      styleNonce: 's1',
      scripts: ['/assets/js/main.js'],
      styles: ['/assets/css/main.css'],
      customProperties: { '--color-primary': '#ff0000' },
    });
    expect(html).toContain('<title>&lt;b&gt;x&lt;/b&gt;</title>');
    expect(html).toContain('<script defer src="/assets/js/main.js" nonce="n1"></script>');
    expect(html).toContain('<script type="application/json" id="S" nonce="n1">');
    expect(html).toContain('<style nonce="s1">:root{--color-primary:#ff0000}</style>');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/nonce="n1"/g)).toHaveLength(2);
  });

  test('escapeHtml escapes the five characters', () =>
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;'));
});
