/** A hidden input node (e.g. `csrf_token`): sent with the form as it is. */
import type { InputNode } from '../../../../../identity/flow';
import type { NodeContext } from './types';

export function NodeInputHidden({ node, ctx }: { node: InputNode; ctx: NodeContext }) {
  const { name } = node.attributes;
  return <input type="hidden" name={name} value={String(ctx.values[name] ?? '')} readOnly />;
}
