/**
 * The footer of a dialog that holds a form: Cancel, then the form's submit button (tied to the form by its id, since
 * the footer sits outside it). Both wait while the form is sent.
 */
export function ModalFormActions({
  formId,
  submitLabel,
  pending = false,
  onCancel,
}: {
  formId: string;
  submitLabel: string;
  pending?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <button type="button" className="button" onClick={onCancel} disabled={pending}>
        Cancel
      </button>
      <button type="submit" form={formId} className="button button--primary" disabled={pending}>
        {submitLabel}
      </button>
    </>
  );
}
