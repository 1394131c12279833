/**
 * Every widget renders on the server (node, no DOM): nothing touches window, storage or layout while rendering.
 */
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { DataTable, type TableRow } from '../../src/widgets/DataTable';
import { PageHeader } from '../../src/widgets/PageHeader';
import { Pagination, usePersistedPage } from '../../src/widgets/Pagination';
import { ColumnsPanel, FiltersPanel } from '../../src/widgets/TemplatesPanel';
import { DoughnutChart } from '../../src/widgets/charts/DoughnutChart';
import { LineChart } from '../../src/widgets/charts/LineChart';
import { MetricWidget } from '../../src/widgets/charts/MetricWidget';
import { RangeSelector } from '../../src/widgets/charts/RangeSelector';

const noop = () => {};

function PersistedPagination() {
  const [page, setPage] = usePersistedPage('/anything');
  return <Pagination total={100} pageSize={10} page={page} onPageChange={setPage} />;
}

describe('server rendering', () => {
  it('renders the first screen of a 10,000-row table, not all of it', () => {
    const rows: TableRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `r${i}`,
      items: [{ value: `host-${i}` }],
    }));
    const html = renderToString(
      <DataTable caption="Hosts" legend={[{ title: 'Host' }]} rows={rows} maxHeight={480} rowHeight={48} />,
    );
    expect(html).toContain('host-0<');
    expect(html).toContain('host-9<');
    expect(html).not.toContain('host-500<');
    expect((html.match(/<tr /g) ?? []).length).toBeLessThan(40);
  });

  it('renders every other widget', () => {
    const html = renderToString(
      <MemoryRouter>
        <PageHeader
          title="Certificates"
          badge={{ label: 'New', color: 'green' }}
          tabs={{ items: [{ id: 'a', name: 'All', count: 3 }], activeId: 'a', onChange: noop }}
        />
        <PersistedPagination />
        <ColumnsPanel
          open={false}
          groupId="g"
          availableColumns={[]}
          defaultColumns={[]}
          onSave={noop}
          onClose={noop}
        />
        <FiltersPanel open={false} groupId="g" availableFilters={[]} onSave={noop} onClose={noop} />
        <LineChart
          title="Events"
          series={[
            {
              id: 'a',
              name: 'a',
              points: [
                { x: 0, y: 1 },
                { x: 1, y: 2 },
              ],
            },
          ]}
        />
        <DoughnutChart title="Share" segments={[{ name: 'x', value: 1 }]} summaryValue={1} />
        <MetricWidget
          title="Sessions"
          value={12}
          unit="users"
          chart={{ type: 'curved-line', values: [1, 2, 3] }}
        />
        <RangeSelector label="Window" min={0} max={10} value={[2, 4]} onChange={noop} />
      </MemoryRouter>,
    );
    expect(html).toContain('All (3)');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('Events');
    expect(html).toContain('12');
    expect(html).toContain('aria-valuetext="from 2 to 4"');
  });
});
