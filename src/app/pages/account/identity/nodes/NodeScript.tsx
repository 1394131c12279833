/**
 * Loads a flow's script node (e.g. the WebAuthn helper) once, with its integrity and nonce: only from the console or
 * an allow-listed origin, and only with a Subresource Integrity hash (see allowedScript).
 */
import type { UiNode } from '@ory/client-fetch';
import { useEffect } from 'react';
import type { RedirectPolicy } from '../../../../../identity/redirects';
import { allowedScript, type ScriptAttributes } from '../flowScripts';

export function NodeScript({ node, policy }: { node: UiNode; policy: RedirectPolicy }) {
  const a = node.attributes as ScriptAttributes;
  useEffect(() => {
    const allowed = allowedScript(a, policy);
    if (!allowed || (allowed.id && document.getElementById(allowed.id))) return;
    const el = document.createElement('script');
    el.src = allowed.src;
    if (allowed.id) el.id = allowed.id;
    el.integrity = allowed.integrity;
    if (allowed.nonce) el.nonce = allowed.nonce;
    if (allowed.crossorigin) el.crossOrigin = allowed.crossorigin;
    if (allowed.referrerpolicy) el.referrerPolicy = allowed.referrerpolicy;
    if (allowed.type) el.type = allowed.type;
    el.async = allowed.async ?? true;
    document.body.appendChild(el);
    return () => el.remove();
    // The attributes are compared one by one: a new node object with the same attributes keeps the script.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [a.src, a.id, a.integrity, a.nonce, a.crossorigin, a.referrerpolicy, a.type, a.async, policy]);
  return null;
}
