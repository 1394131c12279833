import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import { ScreenWithChart } from '../../../src/qa/panel/ScreenWithChart';
import { registerWindowContent } from '../../../src/windows/registry';
import type { AppWindow } from '../../../src/windows/types';
import type { WindowsState } from '../../../src/store/slices/windows.slice';
import { WindowsHub } from '../../../src/windows/WindowsHub';
import { StoryProviders } from '../../support/StoryProviders';
import { WindowsManagerScreen } from './hostedScreens';
import { config } from './state';

registerWindowContent('LiveLog', ({ data }) => (
  <ul>
    {Array.from({ length: Number(data?.lines ?? 5) }, (_v, i) => (
      <li key={i}>12:0{i} sshd: accepted publickey for admin</li>
    ))}
  </ul>
));

const meta: Meta<typeof WindowsHub> = { title: 'Screens/Notifications/Windows hub', component: WindowsHub };
export default meta;
type Story = StoryObj<typeof WindowsHub>;

const win = (id: string, patch: Partial<AppWindow> = {}): AppWindow => ({
  id,
  componentName: 'LiveLog',
  title: `Live log ${id}`,
  aspect: 'right',
  prefs: { allowIconization: true },
  isExtended: false,
  usesEventsStream: true,
  zIndex: 1,
  data: { lines: 6 },
  ...patch,
});
const story = (
  windows: AppWindow[],
  activeId: string | null = windows[windows.length - 1]?.id ?? null,
): Story => ({
  render: () => {
    const state: WindowsState = {
      value: windows.length ? 'open' : 'empty',
      context: { windows, activeId, refusals: 0 },
    };
    return (
      <StoryProviders state={{ config, windows: state }}>
        <div className="core-layout__body" style={{ minHeight: '100vh' }}>
          <main className="core-layout__content">
            <h1>Page content</h1>
            <p>The right-hand column narrows this area.</p>
          </main>
          <WindowsHub />
        </div>
      </StoryProviders>
    );
  },
});

export const Empty = story([]);
export const RightColumn = story([win('a')]);
export const RightColumnExtended = story([win('a', { isExtended: true })]);
export const Floating = story([win('f', { aspect: 'floating', position: { x: 120, y: 120 } })]);
export const FloatingStack = story([
  win('f1', { aspect: 'floating', position: { x: 80, y: 90 }, zIndex: 1 }),
  win('f2', { aspect: 'floating', position: { x: 160, y: 170 }, zIndex: 2 }),
]);
export const IconizedDock = story(
  [win('a', { aspect: 'iconized', zIndex: 1 }), win('b', { zIndex: 2 })],
  'b',
);
export const NotIconizable = story([win('n', { prefs: { allowIconization: false } })]);
export const MissingContent = story([win('m', { componentName: 'Unknown' })]);

/**
 * The windows manager beside the statechart of its own actor (the one the windows saga hosts): opening windows
 * moves the chart, and the chart's buttons (window.close, window.setAspect, …) move the windows.
 */
export const WithStatechart: Story = {
  render: () => <ScreenWithChart screen={(inspect) => <WindowsManagerScreen inspect={inspect} />} />,
  play: async ({ canvasElement }) => {
    const c = within(canvasElement);
    await userEvent.click(await c.findByRole('button', { name: 'Open sshd log (right)' }));
    await c.findByRole('dialog', { name: 'Live log: sshd' });
    await expect(
      within(await c.findByRole('region', { name: 'Current state' })).getByText(/"open"/),
    ).toBeTruthy();
  },
};
