/** The node dispatcher: one component per node type of the flow (input, image, text, anchor, script). */
import type { UiNode } from '@ory/client-fetch';
import { isInputNode } from '../../../../../identity/flow';
import { NodeAnchor } from './NodeAnchor';
import { NodeImage } from './NodeImage';
import { NodeInput } from './NodeInput';
import { NodeScript } from './NodeScript';
import { NodeText } from './NodeText';
import type { NodeContext } from './types';

export function Node({ node, ctx }: { node: UiNode; ctx: NodeContext }) {
  if (isInputNode(node)) return <NodeInput node={node} ctx={ctx} />;
  switch (node.attributes.node_type) {
    case 'img':
      return <NodeImage node={node} policy={ctx.policy} />;
    case 'text':
      return <NodeText node={node} />;
    case 'a':
      return <NodeAnchor node={node} policy={ctx.policy} />;
    case 'script':
      return <NodeScript node={node} policy={ctx.policy} />;
    default:
      return null;
  }
}
