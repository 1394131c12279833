// Node environment: no DOM to sanitise with, as during a server render.
import { renderMarkdown } from '../../src/notifications/markdown';

test('without a DOM the terms are escaped text, never HTML', () => {
  const html = renderMarkdown('<script>alert(1)</script> **bold**');
  expect(html).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt; **bold**</p>');
});
