/** The History page filtered to one area: what an area's page links to ("History" in its header). */
import type { Area } from '../../../shared/privileges';

export const historyOf = (area: Area): string => `/system/history?area=${area}`;
