export { LineChart, type LineChartProps } from './LineChart';
export { lineChartModel, curveFor, DEFAULT_TENSION, type LineSeries, type LinePoint, type LineCurve } from './lineChartModel';
export { VerticalBars, type VerticalBarsProps } from './VerticalBars';
export { SERIES_COLORS, DEFAULT_CHART_COLOR, DOUGHNUT_DEFAULT_COLOR, seriesColor } from './palette';
