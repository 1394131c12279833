/** The browser-side logger: one place to route console output (the server uses pino). */
/* eslint-disable no-console */
export const logger = {
  warn: (message: string, detail?: unknown) => console.warn(`[rampart] ${message}`, detail ?? ''),
  error: (message: string, detail?: unknown) => console.error(`[rampart] ${message}`, detail ?? ''),
  info: (message: string, detail?: unknown) => console.info(`[rampart] ${message}`, detail ?? ''),
};
