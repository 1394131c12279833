/**
 * Editing state of a customise panel (spec §4): templates loaded from local storage when a group id is given;
 * opening takes a snapshot; save and close stores (group id only) and emits; close restores the snapshot, and so
 * does discard (which keeps the panel open).
 */
import { useState } from 'react';
import {
  loadTemplates,
  saveTemplates,
  selectedTemplate,
  type Template,
  type TemplateKind,
  type TemplateState,
} from './templates';

export function useTemplateEditor<T extends Template>(options: {
  kind: TemplateKind;
  groupId?: string;
  open: boolean;
  fallback: () => TemplateState<T>;
  onSave: (template: T, state: TemplateState<T>) => void;
  onClose: () => void;
}) {
  const { kind, groupId, open, onSave, onClose } = options;
  // Read storage once; the panel is closed during a server render, so nothing storage-based is shown there.
  const [state, setState] = useState<TemplateState<T>>(() =>
    loadTemplates(groupId, kind, options.fallback()),
  );
  const [snapshot, setSnapshot] = useState(state);
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setSnapshot(state);
  }

  const save = () => {
    saveTemplates(groupId, kind, state);
    setSnapshot(state);
    onSave(selectedTemplate(state), state);
    onClose();
  };
  const close = () => {
    setState(snapshot);
    onClose();
  };
  const discard = () => setState(snapshot);

  return {
    state,
    setState,
    /** The side panel's buttons, wired to this editor: `<SidePanel title={…} {...editor.panel}>`. */
    panel: { onClose: close, onDiscard: discard, onSave: save, dirty: state !== snapshot },
  };
}
