/** @jest-environment jsdom */
import { useState } from 'react';
import { act, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  Pagination,
  pageBounds,
  pageCount,
  pageWindow,
  readStoredPage,
  storePage,
  usePersistedPage,
  PAGE_STORAGE_PREFIX,
} from '../../src/widgets/Pagination';
import { seriousViolations } from './support/axe';

describe('pagination maths', () => {
  it.each([
    [0, 10, 0],
    [1, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [101, 25, 5],
    [5, 0, 0],
    [Number.NaN, 10, 0],
  ])('pageCount(%p, %p) = %p (rounded up)', (total, size, expected) => {
    expect(pageCount(total, size)).toBe(expected);
  });

  it.each([
    [1, 3, 5, [1, 2, 3]],
    [1, 10, 5, [1, 2, 3, 4, 5]],
    [5, 10, 5, [3, 4, 5, 6, 7]],
    [10, 10, 5, [6, 7, 8, 9, 10]],
    [9, 10, 4, [7, 8, 9, 10]],
    [99, 10, 5, [6, 7, 8, 9, 10]],
    [1, 0, 5, []],
  ])('pageWindow(%p, %p, %p)', (current, count, max, expected) => {
    expect(pageWindow(current, count, max)).toEqual(expected);
  });

  it('pageBounds gives slice bounds of a 1-based page', () => {
    expect(pageBounds(3, 20)).toEqual([40, 60]);
  });

  it('stores the page per navigation in session storage, default 1', () => {
    sessionStorage.clear();
    expect(readStoredPage('/system/certificates')).toBe(1);
    storePage('/system/certificates', 4);
    expect(sessionStorage.getItem(`${PAGE_STORAGE_PREFIX}/system/certificates`)).toBe('4');
    expect(readStoredPage('/system/certificates')).toBe(4);
    expect(readStoredPage('/authentication/users')).toBe(1);
    sessionStorage.setItem(`${PAGE_STORAGE_PREFIX}/bad`, 'abc');
    expect(readStoredPage('/bad')).toBe(1);
  });

  it('usePersistedPage reads and writes the stored page', () => {
    sessionStorage.clear();
    const { result } = renderHook(() => usePersistedPage('/logs'));
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    expect(readStoredPage('/logs')).toBe(3);
  });
});

function Harness({ total, maxButtons }: { total: number; maxButtons?: number }) {
  const [page, setPage] = useState(1);
  return (
    <Pagination total={total} pageSize={10} page={page} onPageChange={setPage} maxButtons={maxButtons} />
  );
}

describe('Pagination', () => {
  it('shows numbered buttons only, without first/last, when all pages fit', async () => {
    const { container } = render(<Harness total={45} />);
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('adds First and Last when there are more pages, and moves the window', async () => {
    const user = userEvent.setup();
    render(<Harness total={200} />);
    expect(screen.getByRole('button', { name: /First/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Last/ }));
    expect(screen.getByRole('button', { name: 'Page 20' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual([
      '16',
      '17',
      '18',
      '19',
      '20',
    ]);
    expect(screen.getByRole('button', { name: /Last/ })).toBeDisabled();
    // Keyboard: Tab to a page button and press Enter.
    screen.getByRole('button', { name: 'Page 18' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Page 18' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: /First/ }));
    expect(screen.getAllByRole('button', { name: /^Page/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('honours a smaller maxButtons and renders nothing for one page', () => {
    const { rerender, container } = render(<Harness total={100} maxButtons={3} />);
    expect(screen.getAllByRole('button', { name: /^Page/ })).toHaveLength(3);
    rerender(<Harness total={7} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('does not report a click on the current page', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(<Pagination total={30} pageSize={10} page={2} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });
});
