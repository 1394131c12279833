/**
 * A screen beside the live statechart of its own actor: the screen is handed this component's `inspect` (screens
 * accept one), and the chart follows the machine actor the screen creates. Used by the screen stories.
 */
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Inspect } from '../inspect';
import { LiveActorChart } from './LiveActorChart';
import { ActorRegistry } from './registry';
import './qaPanel.css';

export function ScreenWithChart({ screen }: { screen: (inspect: Inspect) => ReactNode }) {
  const [registry] = useState(() => new ActorRegistry());
  useSyncExternalStore(registry.subscribe, registry.getVersion, registry.getVersion);
  const actor = registry.list().find((a) => a.machine && !a.parentId);
  return (
    <div className="screen-with-chart">
      <div>{screen(registry.inspect)}</div>
      <section aria-label="Statechart of the screen">
        {actor ? (
          <LiveActorChart registry={registry} actor={actor} />
        ) : (
          <p>The screen has not started its actor yet.</p>
        )}
      </section>
    </div>
  );
}
