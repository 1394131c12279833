export {
  StickyErrorModal,
  STICKY_ERROR_MODAL_WIDTH_PX,
  type StickyErrorModalProps,
} from './StickyErrorModal';
