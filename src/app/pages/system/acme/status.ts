/** How an ACME order's state reads in the console. */
import type { AccentColor, TableItem } from '../../../../widgets/DataTable';
import type { AcmeOrder } from '../../../../shared/contracts/pki';

const ORDER_STATUS: Record<AcmeOrder['status'], { label: string; color: AccentColor }> = {
  pending: { label: 'Pending', color: 'gold' },
  ready: { label: 'Ready', color: 'blue' },
  processing: { label: 'Processing', color: 'blue' },
  valid: { label: 'Valid', color: 'green' },
  invalid: { label: 'Invalid', color: 'red' },
};

export const orderStatusLabel = (s: AcmeOrder['status']) => ORDER_STATUS[s].label;
export const orderStatusItem = (s: AcmeOrder['status']): TableItem => ({
  value: ORDER_STATUS[s].label,
  statusBullColor: ORDER_STATUS[s].color,
  statusLabel: ORDER_STATUS[s].label,
});
export const orderRunning = (s: AcmeOrder['status']) => s !== 'valid' && s !== 'invalid';
