/** A node's messages (and the form's own validation error), announced politely to screen readers. */
import type { UiText } from '@ory/client-fetch';
import { identityText } from '../../../../../identity/messages';

export function NodeMessages({
  id,
  messages,
  extra,
}: {
  id: string;
  messages: readonly UiText[];
  extra?: string;
}) {
  const list = [
    ...messages.map((m) => ({ text: identityText(m), error: m.type === 'error' })),
    ...(extra ? [{ text: extra, error: true }] : []),
  ];
  return (
    <div id={id} className="auth__field-messages" aria-live="polite">
      {list.map((m, i) => (
        <p key={i} className={m.error ? 'auth__field-error' : 'auth__field-info'}>
          {m.text}
        </p>
      ))}
    </div>
  );
}
