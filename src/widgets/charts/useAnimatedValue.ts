/**
 * The metric value shown while it animates to a new target: one step every 100 ms (spec §4, §9), clamped at the
 * target. The first render shows the target itself (also on the server); only later changes animate. With
 * reduced motion the change lands in one step.
 */
import { useEffect, useRef, useState } from 'react';
import {
  animationStep,
  METRIC_ANIMATION_STEP_MS,
  METRIC_ANIMATION_STEPS,
  nextAnimatedValue,
} from './metricModel';

function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function useAnimatedValue(target: number, enabled = true): number {
  const [shown, setShown] = useState(target);
  const shownRef = useRef(target);
  useEffect(() => {
    const from = shownRef.current;
    if (from === target) return;
    const steps = !enabled || prefersReducedMotion() ? 1 : METRIC_ANIMATION_STEPS;
    const step = animationStep(from, target, steps);
    const timer = setInterval(() => {
      const next = nextAnimatedValue(shownRef.current, target, step);
      shownRef.current = next;
      setShown(next);
      if (next === target) clearInterval(timer);
    }, METRIC_ANIMATION_STEP_MS);
    return () => clearInterval(timer);
  }, [target, enabled]);
  return shown;
}
