/** A certificate's chain, itself (or its issuer) first, up to the root. */
import { formatDate } from './pki';
import type { ChainLink } from '../../../../shared/contracts/pki';

export function Chain({ links }: { links: readonly ChainLink[] }) {
  if (links.length === 0) return <p>No issuer certificates are stored.</p>;
  return (
    <ol className="pki-chain">
      {links.map((l) => (
        <li key={l.fingerprint_sha256}>
          <strong>{l.subject}</strong>, issued by {l.issuer}, valid until {formatDate(l.not_after)}
        </li>
      ))}
    </ol>
  );
}
