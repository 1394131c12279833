/**
 * The context-bar menu as both sides see it (spec §3 menu item): the appliance serves it at {api}menu/, the console
 * falls back to the built-in one (spec §7: used on menu failure and outside production).
 */
import { joinPath } from './paths';

export interface MenuChild {
  id: string;
  name: string;
  path: string;
}
export interface MenuItem {
  id: string;
  name?: string;
  path: string;
  children: MenuChild[];
}

export const fallbackMenu: MenuItem[] = [
  {
    id: 'system',
    name: 'System',
    path: '/system',
    children: [
      { id: 'certificates', name: 'Certificates', path: '/certificates' },
      { id: 'certificate-authorities', name: 'Certificate authorities', path: '/certificate-authorities' },
      { id: 'certificate-revocation-lists', name: 'Revocation lists', path: '/certificate-revocation-lists' },
      { id: 'acme-orders', name: 'ACME orders', path: '/acme-orders' },
      { id: 'history', name: 'History', path: '/history' },
      { id: 'log-forwarding', name: 'Log forwarding', path: '/log-forwarding' },
      { id: 'alerts', name: 'Alerts', path: '/alerts' },
      { id: 'alert-channels', name: 'Alert channels', path: '/alert-channels' },
      { id: 'backups', name: 'Backups', path: '/backups' },
      { id: 'fleet', name: 'Fleet', path: '/fleet' },
    ],
  },
  {
    id: 'authentication',
    name: 'Authentication',
    path: '/authentication',
    children: [
      { id: 'users', name: 'Users', path: '/users' },
      { id: 'groups', name: 'Groups', path: '/groups' },
      { id: 'services', name: 'Services', path: '/services' },
      { id: 'providers', name: 'Providers', path: '/providers' },
      { id: 'lockout', name: 'Lockout', path: '/lockout' },
    ],
  },
  {
    id: 'dns',
    name: 'DNS',
    path: '/dns',
    children: [
      { id: 'proxy', name: 'DNS proxy', path: '/proxy' },
      { id: 'dynamic', name: 'Dynamic DNS', path: '/dynamic' },
      { id: 'queries', name: 'DNS queries', path: '/queries' },
    ],
  },
  {
    id: 'ssh',
    name: 'SSH',
    path: '/ssh',
    children: [
      { id: 'config', name: 'Configuration', path: '/config' },
      { id: 'password', name: 'Password', path: '/password' },
    ],
  },
  {
    id: 'network',
    name: 'Network',
    path: '/network',
    children: [
      { id: 'overview', name: 'Overview', path: '/overview' },
      { id: 'analytics', name: 'Analytics', path: '/analytics' },
      { id: 'preferences', name: 'Preferences', path: '/preferences' },
    ],
  },
  {
    id: 'logs',
    name: 'Logs',
    path: '/logs',
    children: [{ id: 'overview', name: 'Live logs', path: '/overview' }],
  },
  {
    id: 'updates',
    name: 'Updates',
    path: '/updates',
    children: [{ id: 'update', name: 'Update', path: '/update' }],
  },
  {
    id: 'settings',
    name: 'Settings',
    path: '/settings',
    children: [{ id: 'layout', name: 'Layout', path: '/layout' }],
  },
];

/** A child's target: group path plus child path (spec §2 context bar). */
export const menuTarget = (group: Pick<MenuItem, 'path'>, child: { path: string }) =>
  joinPath(group.path, child.path);
