import type { FormElementType } from '@kelvin/domain';
import {
  describeDraftPosition,
  findDraftElement,
  insertDraftElement,
  locateElement,
  moveDraftElement,
  moveDraftElementTo,
  moveOutOfGroup,
  nestIntoGroupAbove,
  removeDraftElement,
  updateDraftElement,
  type DropPosition,
} from './draftTree.ts';
import { draftToElementInputs, newDraftElement, type DraftElement, type FormDraft } from './formDraft.ts';

/**
 * The editor's state as a reducer: the draft, what was last saved (for the unsaved-changes warning), the selected
 * element and the last move's announcement for screen readers. Pure, so moves and their words are tested alone.
 */
export interface FormDraftState {
  draft: FormDraft;
  /** The saved version's fingerprint: the draft differs from it when it has unsaved changes. */
  savedFingerprint: string;
  selectedKey: string | null;
  /** What the live region says after a move or a refused one; a counter makes a repeated text be read again. */
  announcement: { text: string; count: number };
  nextKey: number;
}

export type MoveKind = 'up' | 'down' | 'nest' | 'unnest';

export type FormDraftAction =
  | { kind: 'saved'; draft: FormDraft }
  | { kind: 'setLabel'; label: string }
  | { kind: 'add'; type: FormElementType; parentKey: string | null }
  | { kind: 'update'; key: string; update: (element: DraftElement) => DraftElement }
  | { kind: 'remove'; key: string }
  | { kind: 'move'; key: string; move: MoveKind }
  | { kind: 'drop'; key: string; targetKey: string; position: DropPosition }
  | { kind: 'select'; key: string | null };

/** What the save call would carry: equal fingerprints mean nothing to save. */
export const draftFingerprint = (draft: FormDraft): string =>
  JSON.stringify({ label: draft.label.trim(), elements: draftToElementInputs(draft.elements) });

export function initialDraftState(draft: FormDraft): FormDraftState {
  return {
    draft,
    savedFingerprint: draftFingerprint(draft),
    selectedKey: draft.elements[0]?.key ?? null,
    announcement: { text: '', count: 0 },
    nextKey: 1,
  };
}

export const hasUnsavedChanges = (state: FormDraftState): boolean =>
  draftFingerprint(state.draft) !== state.savedFingerprint;

const REFUSED: Record<MoveKind, string> = {
  up: 'is already first in its level',
  down: 'is already last in its level',
  nest: 'has no group just above it to move into',
  unnest: 'is not in a group',
};

function applyMove(elements: readonly DraftElement[], key: string, move: MoveKind): DraftElement[] | null {
  switch (move) {
    case 'up':
      return moveDraftElement(elements, key, -1);
    case 'down':
      return moveDraftElement(elements, key, 1);
    case 'nest':
      return nestIntoGroupAbove(elements, key);
    case 'unnest':
      return moveOutOfGroup(elements, key);
  }
}

function announce(state: FormDraftState, text: string): FormDraftState['announcement'] {
  return { text, count: state.announcement.count + 1 };
}

/** After the move, the element's new place; or why it did not move. */
function moved(
  state: FormDraftState,
  key: string,
  elements: DraftElement[] | null,
  refusal: string,
): FormDraftState {
  if (elements === null) {
    const label = findDraftElement(state.draft.elements, key)?.label ?? 'The element';
    return { ...state, announcement: announce(state, `${label} ${refusal}.`) };
  }
  return {
    ...state,
    draft: { ...state.draft, elements },
    selectedKey: key,
    announcement: announce(state, describeDraftPosition(elements, key)),
  };
}

export function formDraftReducer(state: FormDraftState, action: FormDraftAction): FormDraftState {
  const { draft } = state;
  switch (action.kind) {
    case 'saved': {
      const stillThere =
        state.selectedKey !== null && findDraftElement(action.draft.elements, state.selectedKey);
      return {
        ...state,
        draft: action.draft,
        savedFingerprint: draftFingerprint(action.draft),
        selectedKey: stillThere ? state.selectedKey : (action.draft.elements[0]?.key ?? null),
      };
    }
    case 'setLabel':
      return { ...state, draft: { ...draft, label: action.label } };
    case 'add': {
      const element = newDraftElement(action.type, `n${state.nextKey}`);
      const parent = action.parentKey === null ? null : findDraftElement(draft.elements, action.parentKey);
      const index = parent ? parent.children.length : draft.elements.length;
      const elements = insertDraftElement(draft.elements, parent?.key ?? null, index, element);
      const where = parent ? `group ${parent.label}` : 'the form';
      return {
        ...state,
        draft: { ...draft, elements },
        selectedKey: element.key,
        nextKey: state.nextKey + 1,
        announcement: announce(state, `${element.label} added to ${where}.`),
      };
    }
    case 'update':
      return {
        ...state,
        draft: { ...draft, elements: updateDraftElement(draft.elements, action.key, action.update) },
      };
    case 'remove': {
      const location = locateElement(draft.elements, action.key);
      const element = location?.level[location.index];
      if (!location || !element) return state;
      const elements = removeDraftElement(draft.elements, action.key);
      // Select the element that took its place, else the one before, else its group.
      const neighbour =
        location.level[location.index + 1] ?? location.level[location.index - 1] ?? location.parent ?? null;
      return {
        ...state,
        draft: { ...draft, elements },
        selectedKey: neighbour?.key ?? elements[0]?.key ?? null,
        announcement: announce(state, `${element.label} deleted.`),
      };
    }
    case 'move':
      return moved(
        state,
        action.key,
        applyMove(draft.elements, action.key, action.move),
        REFUSED[action.move],
      );
    case 'drop':
      return moved(
        state,
        action.key,
        moveDraftElementTo(draft.elements, action.key, action.targetKey, action.position),
        'cannot be dropped there',
      );
    case 'select':
      return { ...state, selectedKey: action.key };
  }
}
