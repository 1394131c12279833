/** @jest-environment ./test/support/jsdom-environment.js */
/**
 * What an appliance reports as its console's address is its own word: the appliance page links to it only when it
 * is an absolute http(s) URL (opened apart, `rel="noopener noreferrer"`, never proxied); anything else is shown as
 * text. A new case is one row.
 */
import { render, screen } from '@testing-library/react';
import { ConsoleLink } from '../../src/app/pages/system/fleet/ApplianceDetailPage';

/** [reported address, the link's href, or null: shown as text]. */
const ADDRESSES: ReadonlyArray<[string, string | null]> = [
  ['https://branch-01.example.net:8443/', 'https://branch-01.example.net:8443/'],
  ['http://192.0.2.10:8080', 'http://192.0.2.10:8080/'],
  ['HTTPS://EXAMPLE.NET', 'https://example.net/'],
  ['javascript:alert(1)', null],
  ['JavaScript:alert(document.cookie)', null],
  [' javascript:alert(1)', null],
  ['data:text/html,<script>alert(1)</script>', null],
  ['vbscript:msgbox(1)', null],
  ['file:///etc/passwd', null],
  ['ftp://example.net/', null],
  ['//evil.example/', null],
  ['/system/fleet', null],
  ['not a url', null],
  ['<img src=x onerror=alert(1)>', null],
];

describe.each(ADDRESSES)('a console reported at %j', (reported, href) => {
  test(href ? `is linked to ${href}` : 'is shown as text, not linked', () => {
    const { container } = render(<ConsoleLink url={reported} />);
    const link = screen.queryByRole('link');
    if (href) {
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAttribute('target', '_blank');
    } else {
      expect(link).toBeNull();
      expect(container).toHaveTextContent(reported.trim());
      expect(container.querySelector('img, script')).toBeNull();
    }
  });
});
