/** The log report's page: its filters may come from the address (`?services=auth&services=jobs`). */
import { useSearchParams } from 'react-router';
import { LOG_REPORT_TITLE } from './constants';
import { LogReport } from './LogReport';

export function LogOverviewPage() {
  const [params] = useSearchParams();
  const services = params.getAll('services');
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page__header">
        <h1 id="page-title">{LOG_REPORT_TITLE}</h1>
      </header>
      <LogReport initialServices={services} />
    </section>
  );
}
