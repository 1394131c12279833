/**
 * Mount points the layouts offer to app-wide features (the notification center).
 * A feature registers its component once at start; the layout renders whatever is registered.
 */
import type { ComponentType } from 'react';

export type SlotName = 'notifications';
const registry: Partial<Record<SlotName, ComponentType>> = {};

export function registerLayoutSlot(name: SlotName, component: ComponentType) {
  registry[name] = component;
}

export function LayoutSlot({ name }: { name: SlotName }) {
  const Component = registry[name];
  return Component ? <Component /> : null;
}
