import { useEffect, useRef, type KeyboardEvent } from 'react';

/** Keys that move or close without editing: pressing them keeps the form's starting values fresh. */
const NON_EDITING_KEYS = new Set(['Tab', 'Escape', 'Shift', 'Control', 'Alt', 'Meta']);

/**
 * Whether the user changed what a form holds, read from the form itself so every form gets it without
 * wiring: its fields (text, choices, ticks, files, rich text) and chips (several values in one field)
 * compared with what they held before the user's first edit. Until that edit the starting values follow
 * each render, so data that loads after the dialog opens is not taken for a change.
 */
export function useUnsavedChanges(open: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const start = useRef<string | null>(null);
  const editing = useRef(false);

  useEffect(() => {
    if (!open) editing.current = false;
  }, [open]);
  /** The form's ref: called again on each render (a new function), it keeps the starting values fresh. */
  const formRef = (element: HTMLFormElement | null) => {
    form.current = element;
    if (element && !editing.current) start.current = formValues(element);
  };

  const beginEdit = () => {
    editing.current = true;
  };
  /** Capture-phase handlers for the form: they run before the edit lands (menus in portals included). */
  const listeners = {
    onKeyDownCapture: (event: KeyboardEvent) => {
      if (!NON_EDITING_KEYS.has(event.key)) beginEdit();
    },
    onPointerDownCapture: beginEdit,
    onInputCapture: beginEdit,
    onChangeCapture: beginEdit,
  };
  const changed = () =>
    editing.current && form.current !== null && start.current !== null && formValues(form.current) !== start.current;
  return { formRef, listeners, changed };
}

function formValues(form: HTMLFormElement): string {
  const fields = form.querySelectorAll<HTMLElement>(
    'input, textarea, select, [contenteditable="true"], .MuiChip-label',
  );
  return JSON.stringify(
    Array.from(fields, (field) => {
      if (field instanceof HTMLInputElement) {
        if (field.type === 'checkbox' || field.type === 'radio') return field.checked;
        if (field.type === 'file') return Array.from(field.files ?? [], (file) => file.name);
        return field.value;
      }
      if (field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) return field.value;
      return field.isContentEditable ? field.innerHTML : field.textContent;
    }),
  );
}
