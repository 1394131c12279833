/** The alerts as the assembly mounts them (../feature.ts); the forwarding's health comes through the mount. */
import { defineFeature } from '../feature';
import { channelMigrations } from './channels';
import { alertMigrations } from './engine';
import { registerAlerts } from './index';

export const alertsFeature = defineFeature({
  name: 'alerts',
  area: 'settings',
  migrations: [
    { namespace: 'alerts', list: alertMigrations },
    { namespace: 'alert_channels', list: channelMigrations },
  ],
  tables: [
    'alerts',
    'alert_settings',
    'alert_acknowledgements',
    'alert_backup_results',
    'alert_notification_reads',
    'alert_channels',
    'alert_deliveries',
  ],
  sections: ['settings.alert_channels', 'settings.alert_settings'],
  offers: ['alertsFiring'],
  routes: (api, ctx, deps) => {
    registerAlerts(api, ctx, {}, { forwarding: deps.forwardingHealth });
  },
});
