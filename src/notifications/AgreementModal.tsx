/**
 * The agreement modal (spec §2, §4): not closable; the terms as scrollable, sanitised markdown; "I read all terms"
 * must be ticked before Accept; Decline is labelled Logout. The agreement machine (hosted by the messaging saga)
 * decides; this view shows its state and sends it the user's events.
 */
import { useId, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../store/createStore';
import { agreementModalEvent, selectCurrentAgreement } from '../store/slices/notifications.slice';
import { Modal } from '../widgets/Modal';
import { useMarkdown } from './useMarkdown';

export function AgreementModal() {
  const dispatch = useAppDispatch();
  const modal = useAppSelector((s) => s.notifications.agreementModal);
  const agreement = useAppSelector(selectCurrentAgreement);
  const termsId = useId();
  const checkboxRef = useRef<HTMLInputElement>(null);
  const html = useMarkdown(agreement?.message ?? '');
  const open = !!modal && !!agreement && modal.localId === agreement.localId && modal.state !== 'hidden';
  if (!open) return null;
  const accepting = modal.state === 'accepting';
  return (
    <Modal
      open
      title={agreement.title || 'Agreement'}
      closable={false}
      className="agreement-modal"
      describedBy={termsId}
      busy={accepting}
      initialFocus={checkboxRef}
      footer={
        <>
          <button
            type="button"
            className="button"
            onClick={() => dispatch(agreementModalEvent({ type: 'user.decline' }))}
            disabled={accepting}
          >
            Logout
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={!modal.read || accepting}
            onClick={() => dispatch(agreementModalEvent({ type: 'user.accept' }))}
          >
            {accepting ? 'Accepting…' : 'Accept'}
          </button>
        </>
      }
    >
      <div
        id={termsId}
        className="agreement-modal__terms markdown"
        role="region"
        aria-label="Terms"
        tabIndex={0}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <label className="agreement-modal__read">
        <input
          ref={checkboxRef}
          type="checkbox"
          checked={modal.read}
          disabled={accepting}
          onChange={(e) =>
            dispatch(agreementModalEvent({ type: 'user.toggleRead', checked: e.target.checked }))
          }
        />{' '}
        I read all terms
      </label>
    </Modal>
  );
}
