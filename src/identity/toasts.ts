/**
 * §9 identity area toasts: errors 4000 ms, 8000 ms when the server gave a reason. Apart from flow.ts so the account
 * screens' query notices can name them without loading the flow helpers and their message catalogue.
 */
export const IDENTITY_TOAST_MS = { success: 6000, info: 4000, error: 4000, reason: 8000 } as const;
