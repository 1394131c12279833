/** The appliance's SSH host keys, as `ssh-keygen -l` prints them, so a first connection can be checked. */
import { useId } from 'react';
import type { HostKey } from '../../../shared/contracts/ssh';

export function HostKeys({ keys }: { keys: HostKey[] }) {
  const headingId = useId();
  return (
    <section className="config-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Host key fingerprints</h2>
      <p className="config-section__description">
        Compare these with what your SSH client shows on the first connection.
      </p>
      <ul className="config-keys">
        {keys.map((k) => (
          <li key={k.type}>
            <code>{k.line}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
