import type { ReactNode } from 'react';
import { create } from 'zustand';

/** Spec: info (OK only), confirm (OK and Cancel), danger and default (OK and Cancel). */
export type ModalKind = 'info' | 'confirm' | 'danger' | 'default';

export interface ModalOptions {
  title: string;
  message: ReactNode;
  okLabel?: string;
  cancelLabel?: string;
  /**
   * Returning false (or a promise of false), or throwing, keeps the dialog open. Typed `unknown` so that
   * plain `async () => { await save(); }` handlers fit; only a literal false counts.
   */
  onOk?: () => unknown;
  onCancel?: () => void;
}

export interface ModalEntry extends ModalOptions {
  id: number;
  kind: ModalKind;
  /** Settles the promise returned by the opener: true for OK, false for cancel. */
  settle: (confirmed: boolean) => void;
}

interface ModalState {
  modals: ModalEntry[];
  add: (modal: ModalEntry) => void;
  remove: (id: number) => void;
}

export const useModalStore = create<ModalState>()((set) => ({
  modals: [],
  add: (modal) => set((state) => ({ modals: [...state.modals, modal] })),
  remove: (id) => set((state) => ({ modals: state.modals.filter((modal) => modal.id !== id) })),
}));

let nextId = 1;

function open(kind: ModalKind, options: ModalOptions): Promise<boolean> {
  return new Promise((resolve) => {
    useModalStore.getState().add({ ...options, kind, id: nextId++, settle: resolve });
  });
}

/** The dialogs service; each opener resolves true when confirmed, false when cancelled. */
export const modals = {
  info: (options: Omit<ModalOptions, 'cancelLabel' | 'onCancel'>) => open('info', options),
  confirm: (options: ModalOptions) => open('confirm', options),
  danger: (options: ModalOptions) => open('danger', options),
  open: (options: ModalOptions) => open('default', options),
};

export const DEFAULT_OK_LABEL = 'Ok';
export const DEFAULT_CANCEL_LABEL = 'Cancel';
