/**
 * A submit or button node: the method's submit, a provider button, the code resend (with its cool-down) or a
 * WebAuthn button whose contract trigger the identity service's script defines.
 */
import { nodeLabel, type InputNode } from '../../../../../identity/flow';
import { providerName } from '../../../../../shared/providers';
import { runTrigger } from '../flowScripts';
import type { NodeContext } from './types';

export function NodeInputButton({ node, ctx }: { node: InputNode; ctx: NodeContext }) {
  const { name, disabled } = node.attributes;
  const value = String(node.attributes.value ?? '');
  const isProvider = node.group === 'oidc' || name === 'provider';
  const label = isProvider && !node.meta?.label ? `Log in with ${providerName(value)}` : nodeLabel(node);
  const resend = name === 'email' && node.group === 'code';
  const waiting = resend && ctx.resendIn > 0;
  const trigger = (node.attributes as { onclickTrigger?: string }).onclickTrigger;
  return (
    <div className="auth__button-row">
      <button
        type={trigger ? 'button' : 'submit'}
        name={name}
        value={value}
        className={isProvider || resend ? 'button auth__provider' : 'button button--primary'}
        disabled={ctx.busy || disabled || waiting}
        data-provider={isProvider ? value : undefined}
        onClick={() => {
          const raw = node.attributes.value;
          ctx.onSubmitter({ name, value: typeof raw === 'boolean' ? raw : value, group: node.group });
          // WebAuthn: the identity service's script defines the trigger on window; only the contract's trigger
          // names are ever called.
          if (trigger) runTrigger(trigger, value);
        }}
      >
        {label}
      </button>
      {resend ? (
        <span className="auth__cooldown" role="status" aria-live="polite">
          {waiting ? `You can resend the code in ${ctx.resendIn} s.` : ''}
        </span>
      ) : null}
    </div>
  );
}
