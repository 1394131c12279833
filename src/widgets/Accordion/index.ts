export { Accordion, ACCORDION_EXTRA_HEIGHT } from './Accordion';
export type { AccordionProps } from './Accordion';
