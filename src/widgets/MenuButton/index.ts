export { MenuButton } from './MenuButton';
export type { MenuButtonEntry, MenuButtonProps } from './MenuButton';
