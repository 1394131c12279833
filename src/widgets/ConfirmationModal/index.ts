export {
  ConfirmationModal,
  type ConfirmationModalProps,
  type ConfirmationResult,
  type ConfirmationOption,
} from './ConfirmationModal';
