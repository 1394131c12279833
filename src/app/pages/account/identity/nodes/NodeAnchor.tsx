/** An anchor node: a link styled as a button, only to a target the redirect policy allows. */
import type { UiNode, UiText } from '@ory/client-fetch';
import { identityText } from '../../../../../identity/messages';
import { checkRedirect, type RedirectPolicy } from '../../../../../identity/redirects';

export function NodeAnchor({ node, policy }: { node: UiNode; policy: RedirectPolicy }) {
  const a = node.attributes as { href: string; title: UiText; id?: string };
  const href = checkRedirect(a.href, policy);
  return href ? (
    <a id={a.id} className="button" href={href}>
      {identityText(a.title)}
    </a>
  ) : null;
}
