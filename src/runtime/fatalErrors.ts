/**
 * Fatal or unhandled errors in the browser open the error page (spec §8), except for crawler user agents, which
 * only get a log entry. Known-benign browser noise is ignored.
 */
import { logger } from '../lib/logger';

const CRAWLER =
  /bot\b|crawler|spider|crawling|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|yandex|baidu|duckduckgo/i;
const BENIGN = /ResizeObserver loop|Script error\.?$/;

export const isCrawler = (userAgent: string) => CRAWLER.test(userAgent);

export function installFatalErrorHandler(showErrorPage: (error: unknown) => void, win: Window = window) {
  const handle = (error: unknown, message: string) => {
    if (BENIGN.test(message)) return;
    if (isCrawler(win.navigator.userAgent)) {
      logger.error('unhandled error', error);
      return;
    }
    showErrorPage(error);
  };
  win.addEventListener('error', (e) => handle(e.error, e.message ?? ''));
  win.addEventListener('unhandledrejection', (e) =>
    handle(e.reason, String((e.reason as Error)?.message ?? e.reason)),
  );
}
