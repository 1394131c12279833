/** A text-like input node (text, e-mail, password, telephone, number, URL): label, input, extras, messages. */
import { nodeLabel, type InputNode } from '../../../../../identity/flow';
import { fieldId } from '../flowFormHelpers';
import { NodeMessages } from './NodeMessages';
import type { NodeContext } from './types';

const TYPES = new Set(['email', 'password', 'tel', 'number', 'url']);

export function NodeInputDefault({ node, ctx }: { node: InputNode; ctx: NodeContext }) {
  const { name, type, disabled, required, autocomplete, pattern, maxlength } = node.attributes;
  const id = fieldId(ctx.idPrefix, name);
  const described = `${id}-messages`;
  const error = ctx.errors[name] as string | undefined;
  return (
    <div className="auth__field">
      <label htmlFor={id}>
        {nodeLabel(node)}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={TYPES.has(type) ? type : 'text'}
        value={String(ctx.values[name] ?? '')}
        onChange={(e) => ctx.setValue(name, e.target.value)}
        disabled={ctx.busy || disabled}
        required={required}
        autoComplete={autocomplete}
        inputMode={autocomplete === 'one-time-code' ? 'numeric' : undefined}
        pattern={pattern}
        maxLength={maxlength}
        aria-invalid={Boolean(error) || (node.messages ?? []).some((m) => m.type === 'error')}
        aria-describedby={described}
      />
      {ctx.afterInput?.(node, ctx.values)}
      <NodeMessages id={described} messages={node.messages ?? []} extra={error} />
    </div>
  );
}
