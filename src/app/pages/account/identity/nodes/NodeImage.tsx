/** An image node (e.g. the TOTP QR code): inline data images, or a URL the redirect policy allows. */
import type { UiNode } from '@ory/client-fetch';
import { nodeLabel } from '../../../../../identity/flow';
import { checkRedirect, type RedirectPolicy } from '../../../../../identity/redirects';

export function NodeImage({ node, policy }: { node: UiNode; policy: RedirectPolicy }) {
  const a = node.attributes as { src: string; width?: number; height?: number; id?: string };
  const src = a.src.startsWith('data:image/') ? a.src : checkRedirect(a.src, policy);
  return src ? (
    <img
      id={a.id}
      className="auth__image"
      src={src}
      alt={nodeLabel(node) || 'Image'}
      width={a.width}
      height={a.height}
    />
  ) : null;
}
