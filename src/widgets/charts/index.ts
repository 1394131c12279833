export { LineChart, type LineChartProps } from './LineChart';
export {
  lineChartModel,
  curveFor,
  DEFAULT_TENSION,
  type LineSeries,
  type LinePoint,
  type LineCurve,
} from './lineChartModel';
export { VerticalBars, type VerticalBarsProps } from './VerticalBars';
export { SERIES_COLORS, DEFAULT_CHART_COLOR, DOUGHNUT_DEFAULT_COLOR, seriesColor } from './palette';
export { MetricWidget, type MetricWidgetProps, type MetricChart } from './MetricWidget';
export { Sparkline } from './Sparkline';
export { useAnimatedValue } from './useAnimatedValue';
export {
  animationFrames,
  animationStep,
  nextAnimatedValue,
  horizontalBars,
  classification,
  METRIC_ANIMATION_STEP_MS,
  HORIZONTAL_BARS_DEFAULT,
  CLASSIFICATION_MAX,
  type ChartValueItem,
} from './metricModel';
export { RangeSelector, type RangeSelectorProps } from './RangeSelector';
export { MAX_TIME_POINTS, formatStep, resample, timeScaleError } from './timeScale';
export {
  normaliseRange,
  setStart,
  setEnd,
  moveBy,
  centreAt,
  type Range,
  type RangeBounds,
} from './rangeMath';
export { DoughnutChart, type DoughnutChartProps } from './DoughnutChart';
export { doughnutArcs, segmentColor, type DoughnutSegment } from './doughnutModel';
