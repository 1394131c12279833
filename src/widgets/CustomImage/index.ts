export { CustomImage, FailedImageIcon } from './CustomImage';
export type { CustomImageProps } from './CustomImage';
