export { RuleBuilder } from './RuleBuilder';
export type { RuleBuilderProps } from './RuleBuilder';
export {
  changeField,
  newRule,
  newGroup,
  addAt,
  removeAt,
  updateAt,
  nodeAt,
  isGroup,
  emptyValue,
  firstRealOperator,
} from './rules';
export type {
  Rule,
  RuleGroup,
  RuleTypeDefinition,
  RuleChoice,
  GroupCondition,
  RuleValueType,
  RulePath,
} from './rules';
