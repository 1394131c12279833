/** An input node, by its type: hidden, a button, a checkbox, or a text-like field. */
import type { InputNode } from '../../../../../identity/flow';
import { NodeInputButton } from './NodeInputButton';
import { NodeInputCheckbox } from './NodeInputCheckbox';
import { NodeInputDefault } from './NodeInputDefault';
import { NodeInputHidden } from './NodeInputHidden';
import type { NodeContext } from './types';

export function NodeInput({ node, ctx }: { node: InputNode; ctx: NodeContext }) {
  switch (node.attributes.type) {
    case 'hidden':
      return <NodeInputHidden node={node} ctx={ctx} />;
    case 'submit':
    case 'button':
      return <NodeInputButton node={node} ctx={ctx} />;
    case 'checkbox':
      return <NodeInputCheckbox node={node} ctx={ctx} />;
    default:
      return <NodeInputDefault node={node} ctx={ctx} />;
  }
}
