/** A text node: a secret (e.g. the TOTP key) or a list of them (backup recovery codes). */
import type { UiNode, UiText } from '@ory/client-fetch';
import { nodeLabel } from '../../../../../identity/flow';
import { identityText } from '../../../../../identity/messages';

export function NodeText({ node }: { node: UiNode }) {
  const a = node.attributes as { id?: string; text: UiText };
  const secrets = (a.text.context as { secrets?: UiText[] } | undefined)?.secrets;
  return (
    <div className="auth__text" id={a.id}>
      {node.meta?.label ? <p>{nodeLabel(node)}</p> : null}
      {secrets ? (
        <ul className="auth__codes">
          {secrets.map((s, j) => (
            <li key={j}>
              <code>{identityText(s)}</code>
            </li>
          ))}
        </ul>
      ) : (
        <code className="auth__secret">{identityText(a.text)}</code>
      )}
    </div>
  );
}
