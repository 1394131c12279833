/** Window content components by name: a feature registers its component once, then opens windows by name. */
import type { ComponentType } from 'react';

export type WindowContentProps = { windowId: string; data?: Record<string, unknown> };
const registry = new Map<string, ComponentType<WindowContentProps>>();

export function registerWindowContent(name: string, component: ComponentType<WindowContentProps>) {
  registry.set(name, component);
}
export const windowContent = (name: string) => registry.get(name);
