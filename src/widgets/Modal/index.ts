export { Modal, MODAL_HEIGHT_OFFSET_PX, useModalMaxHeight, type ModalProps } from './Modal';
export { useFocusTrap, focusableIn, initialFocusIn } from './useFocusTrap';
export { ModalFormActions } from './ModalFormActions';
