export { Tabs } from './Tabs';
export type { Tab, TabsProps } from './Tabs';
