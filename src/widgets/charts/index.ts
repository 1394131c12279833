export { LineChart, type LineChartProps } from './LineChart';
export { lineChartModel, curveFor, DEFAULT_TENSION, type LineSeries, type LinePoint, type LineCurve } from './lineChartModel';
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
