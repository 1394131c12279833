/**
 * The nested rule model of §3 and its pure edits. A path is the list of indexes from the root group down to a
 * node (`[]` is the root, `[1, 0]` the first node of the root's second node).
 */

/** §9 group conditions. */
export type GroupCondition = 'and' | 'or';
export type RuleValueType = 'select' | 'string' | 'list.string';

/** §3 rule. */
export interface Rule {
  field: string;
  operator: string;
  value: string | string[];
  type: RuleValueType;
  match_on_missing_field: boolean;
}

/** §3 nested rule group. */
export interface RuleGroup {
  condition: GroupCondition;
  rules: Array<Rule | RuleGroup>;
}

export interface RuleChoice {
  id: string;
  name: string;
}

/** §3 rule type definition: what a field offers. */
export interface RuleTypeDefinition {
  field: string;
  label: string;
  type: RuleValueType;
  operators: RuleChoice[];
  options?: RuleChoice[];
}

export type RulePath = readonly number[];

export const isGroup = (node: Rule | RuleGroup): node is RuleGroup =>
  'condition' in node && Array.isArray((node as RuleGroup).rules);

/** The empty value of a type: an empty list for list types, otherwise empty text. */
export const emptyValue = (type: RuleValueType): string | string[] => (type === 'list.string' ? [] : '');

/** The first real operator: operators with an empty id are placeholders ("choose an operator"). */
export const firstRealOperator = (def: RuleTypeDefinition | undefined): string =>
  def?.operators.find((o) => o.id !== '')?.id ?? '';

/** A fresh rule for a field definition (or an empty rule when there is none). */
export function newRule(def?: RuleTypeDefinition): Rule {
  const type = def?.type ?? 'string';
  return {
    field: def?.field ?? '',
    operator: firstRealOperator(def),
    value: emptyValue(type),
    type,
    match_on_missing_field: false,
  };
}

export const newGroup = (condition: GroupCondition = 'and'): RuleGroup => ({ condition, rules: [] });

/**
 * §5 changing a rule's field resets its value (an empty list for list types) and selects the field's first real
 * operator; the type follows the field's definition. Unknown fields keep the type and clear operator and value.
 */
export function changeField(rule: Rule, field: string, definitions: readonly RuleTypeDefinition[]): Rule {
  const def = definitions.find((d) => d.field === field);
  const type = def?.type ?? rule.type;
  return { ...rule, field, type, operator: firstRealOperator(def), value: emptyValue(type) };
}

/** The node at `path`, or undefined. */
export function nodeAt(root: RuleGroup, path: RulePath): Rule | RuleGroup | undefined {
  let node: Rule | RuleGroup = root;
  for (const i of path) {
    if (!isGroup(node)) return undefined;
    const next: Rule | RuleGroup | undefined = node.rules[i];
    if (!next) return undefined;
    node = next;
  }
  return node;
}

/** A copy of `root` with the node at `path` replaced by `update(node)`. Invalid paths leave the tree unchanged. */
export function updateAt(
  root: RuleGroup,
  path: RulePath,
  update: (node: Rule | RuleGroup) => Rule | RuleGroup,
): RuleGroup {
  if (path.length === 0) {
    const next = update(root);
    return isGroup(next) ? next : root;
  }
  const [head, ...rest] = path;
  const child = root.rules[head];
  if (!child) return root;
  const replaced = rest.length === 0 ? update(child) : isGroup(child) ? updateAt(child, rest, update) : child;
  if (replaced === child) return root;
  return { ...root, rules: root.rules.map((r, i) => (i === head ? replaced : r)) };
}

/** Appends `node` to the group at `path`. */
export function addAt(root: RuleGroup, path: RulePath, node: Rule | RuleGroup): RuleGroup {
  return updateAt(root, path, (g) => (isGroup(g) ? { ...g, rules: [...g.rules, node] } : g));
}

/** Removes the node at `path` (the root itself cannot be removed). */
export function removeAt(root: RuleGroup, path: RulePath): RuleGroup {
  if (path.length === 0) return root;
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return updateAt(root, parent, (g) =>
    isGroup(g) ? { ...g, rules: g.rules.filter((_, i) => i !== index) } : g,
  );
}
