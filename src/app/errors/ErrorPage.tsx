/**
 * The error page (spec §2, §8): "Page Not Found" with the path for 404; otherwise the status message, or
 * "Internal Server Error" (default status 500).
 */
export interface ErrorPageProps {
  status?: number;
  /** The path that was not found (404). */
  path?: string;
  /** The status message to show for other statuses. */
  message?: string;
}

export function errorTitle(status: number, message?: string): string {
  if (status === 404) return 'Page Not Found';
  return message?.trim() || 'Internal Server Error';
}

export function ErrorPage({ status = 500, path, message }: ErrorPageProps) {
  const title = errorTitle(status, message);
  return (
    <main className="error-page" id="main-content">
      <div className="error-page__card">
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
        <h1>{title}</h1>
        {status === 404 && path !== undefined && (
          <p>
            The page <code className="error-page__path">{path}</code> was not found.
          </p>
        )}
        {status !== 404 && (
          <p>Something went wrong while showing this page. Try again, or go back to the console.</p>
        )}
        <p>
          <a href="/" className="button button--primary">
            Back to the console
          </a>
        </p>
      </div>
    </main>
  );
}
