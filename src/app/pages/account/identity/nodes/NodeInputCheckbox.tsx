/** A checkbox node: label after the box, messages below. */
import { nodeLabel, type InputNode } from '../../../../../identity/flow';
import { fieldId } from '../flowFormHelpers';
import { NodeMessages } from './NodeMessages';
import type { NodeContext } from './types';

export function NodeInputCheckbox({ node, ctx }: { node: InputNode; ctx: NodeContext }) {
  const { name, disabled } = node.attributes;
  const id = fieldId(ctx.idPrefix, name);
  const described = `${id}-messages`;
  return (
    <div className="auth__field auth__field--checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={ctx.values[name] === true}
        disabled={ctx.busy || disabled}
        onChange={(e) => ctx.setValue(name, e.target.checked)}
        aria-describedby={described}
      />
      <label htmlFor={id}>{nodeLabel(node)}</label>
      <NodeMessages
        id={described}
        messages={node.messages ?? []}
        extra={ctx.errors[name] as string | undefined}
      />
    </div>
  );
}
