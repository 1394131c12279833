/** Code-split entry for the colour picker, so pages without one never load colord and its plugins. */
import { lazy, Suspense } from 'react';
import { Loader } from '../Loader';
import type { ColourPickerProps } from './ColourPicker';

const Picker = lazy(() => import('./ColourPicker').then((m) => ({ default: m.ColourPicker })));

export function LazyColourPicker(props: ColourPickerProps) {
  return (
    <Suspense fallback={<Loader label="Loading colour picker…" />}>
      <Picker {...props} />
    </Suspense>
  );
}
