export { ImageInput, NOT_AN_IMAGE } from './ImageInput';
export { scaleImage, IMAGE_MAX_SIZE } from './scaleImage';
export type { ImageInputProps } from './ImageInput';
