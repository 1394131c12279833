import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ColourPicker, toCss, type ColourValue } from '../../src/widgets/ColourPicker';

function Stateful({ initial, allowGradient }: { initial: ColourValue; allowGradient?: boolean }) {
  const [saved, setSaved] = useState(initial);
  return (
    <div style={{ padding: 24, display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      <ColourPicker
        value={saved}
        onSave={(v) => setSaved(v)}
        allowGradient={allowGradient}
        label="Primary colour"
      />
      <div>
        <p>Last saved:</p>
        <div
          style={{ width: 120, height: 60, borderRadius: 6, background: toCss(saved) }}
          aria-hidden="true"
        />
        <code style={{ fontSize: 12 }}>{toCss(saved)}</code>
      </div>
    </div>
  );
}

const meta: Meta<typeof Stateful> = { title: 'Widgets/Colour picker', component: Stateful };
export default meta;
type Story = StoryObj<typeof Stateful>;

export const Solid: Story = {
  args: { initial: { mode: 'solid', colour: { r: 116, g: 179, b: 32, a: 100 }, hue: 85 } },
};
export const SolidTranslucent: Story = {
  args: { initial: { mode: 'solid', colour: { r: 25, g: 110, b: 205, a: 40 }, hue: 212 } },
};
export const Gradient: Story = {
  args: {
    initial: {
      mode: 'gradient',
      angle: 135,
      stops: [
        { id: 'a', r: 118, g: 177, b: 0, a: 100, percent: 0, hue: 80, select: true },
        { id: 'b', r: 25, g: 110, b: 205, a: 100, percent: 100, hue: 212, select: false },
      ],
    },
  },
};
export const SolidOnly: Story = {
  args: { ...Solid.args, allowGradient: false } as { initial: ColourValue; allowGradient: boolean },
};
