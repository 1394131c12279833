/**
 * Fixed lists of values the contracts' schemas enumerate and that scripts with a size budget show (the core layout's
 * notification bell, the signed-in store's layout settings): written once here, without TypeBox, and re-exported by
 * their contract modules (README "Budgets").
 *
 * This module imports nothing at run time: keep it so.
 */

export const ALERT_SEVERITIES = ['critical', 'warning', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const SEVERITY_LABELS: Record<AlertSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  info: 'Information',
};

/** The custom images of the look and feel (`config/:slot`). */
export const IMAGE_SLOTS = ['login_logo', 'bar_logo', 'login_background'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
