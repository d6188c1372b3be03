import { FORM_DEPTH_MAX } from '@kelvin/contract';
import type { DraftElement } from './formDraft.ts';

/**
 * Moves of the editor's element tree, pure and immutable: each returns a new tree, or null when the move is not
 * possible (first of its level moving up, nesting with no group above, a group dropped into itself), so that the
 * caller can say why nothing moved.
 */

export type DraftTree = readonly DraftElement[];

export interface DraftLocation {
  /** The group holding the element; null on the form itself. */
  parent: DraftElement | null;
  /** The element's level: the form's elements or its group's children. */
  level: readonly DraftElement[];
  index: number;
  /** 1 on the form itself, 2 inside a group, and so on (the server's depth). */
  depth: number;
}

export function locateElement(tree: DraftTree, key: string): DraftLocation | null {
  const search = (
    level: readonly DraftElement[],
    parent: DraftElement | null,
    depth: number,
  ): DraftLocation | null => {
    for (const [index, element] of level.entries()) {
      if (element.key === key) return { parent, level, index, depth };
      const found = search(element.children, element, depth + 1);
      if (found) return found;
    }
    return null;
  };
  return search(tree, null, 1);
}

export const findDraftElement = (tree: DraftTree, key: string): DraftElement | undefined => {
  const location = locateElement(tree, key);
  return location?.level[location.index];
};

/** The tree with one level replaced (the form's elements when parentKey is null). */
function replaceLevel(
  tree: DraftTree,
  parentKey: string | null,
  replace: (level: readonly DraftElement[]) => DraftElement[],
): DraftElement[] {
  if (parentKey === null) return replace(tree);
  return tree.map((element) =>
    element.key === parentKey
      ? { ...element, children: replace(element.children) }
      : element.children.length === 0
        ? element
        : { ...element, children: replaceLevel(element.children, parentKey, replace) },
  );
}

export function updateDraftElement(
  tree: DraftTree,
  key: string,
  update: (element: DraftElement) => DraftElement,
): DraftElement[] {
  return tree.map((element) =>
    element.key === key
      ? update(element)
      : element.children.length === 0
        ? element
        : { ...element, children: updateDraftElement(element.children, key, update) },
  );
}

export function removeDraftElement(tree: DraftTree, key: string): DraftElement[] {
  return tree
    .filter((element) => element.key !== key)
    .map((element) =>
      element.children.length === 0
        ? element
        : { ...element, children: removeDraftElement(element.children, key) },
    );
}

/** Inserts at an index of a level (the end when index is past it). */
export function insertDraftElement(
  tree: DraftTree,
  parentKey: string | null,
  index: number,
  element: DraftElement,
): DraftElement[] {
  return replaceLevel(tree, parentKey, (level) => [...level.slice(0, index), element, ...level.slice(index)]);
}

/** How many levels an element spans: 1 for a field, 1 + its deepest child for a group. */
function height(element: DraftElement): number {
  return 1 + Math.max(0, ...element.children.map(height));
}

/** Whether an element fits at a depth without a group nesting past the server's limit. */
const fitsAtDepth = (element: DraftElement, depth: number): boolean =>
  depth + height(element) - 1 <= FORM_DEPTH_MAX;

/** One step up (delta -1) or down (+1) among its siblings. */
export function moveDraftElement(tree: DraftTree, key: string, delta: -1 | 1): DraftElement[] | null {
  const location = locateElement(tree, key);
  if (!location) return null;
  const target = location.index + delta;
  if (target < 0 || target >= location.level.length) return null;
  return replaceLevel(tree, location.parent?.key ?? null, (level) => {
    const moved = [...level];
    const [element] = moved.splice(location.index, 1);
    if (element) moved.splice(target, 0, element);
    return moved;
  });
}

/** Into the group just above it on its level, as that group's last element. */
export function nestIntoGroupAbove(tree: DraftTree, key: string): DraftElement[] | null {
  const location = locateElement(tree, key);
  const element = location?.level[location.index];
  const above = location?.level[location.index - 1];
  if (!location || !element || !above || above.type !== 'group') return null;
  if (!fitsAtDepth(element, location.depth + 1)) return null;
  const without = removeDraftElement(tree, key);
  return insertDraftElement(without, above.key, above.children.length, element);
}

/** Out of its group, just after the group on the level around it. */
export function moveOutOfGroup(tree: DraftTree, key: string): DraftElement[] | null {
  const location = locateElement(tree, key);
  const element = location?.level[location.index];
  if (!location?.parent || !element) return null;
  const outer = locateElement(tree, location.parent.key);
  if (!outer) return null;
  const without = removeDraftElement(tree, key);
  return insertDraftElement(without, outer.parent?.key ?? null, outer.index + 1, element);
}

export type DropPosition = 'before' | 'after' | 'inside';

/** Whether `key` is the element `ancestorKey` or lies anywhere inside it. */
function isWithin(tree: DraftTree, ancestorKey: string, key: string): boolean {
  const ancestor = findDraftElement(tree, ancestorKey);
  if (!ancestor) return false;
  const visit = (element: DraftElement): boolean => element.key === key || element.children.some(visit);
  return visit(ancestor);
}

/** A drag's drop: before or after another element, or inside a group as its last element. */
export function moveDraftElementTo(
  tree: DraftTree,
  key: string,
  targetKey: string,
  position: DropPosition,
): DraftElement[] | null {
  const element = findDraftElement(tree, key);
  const target = findDraftElement(tree, targetKey);
  if (!element || !target || isWithin(tree, key, targetKey)) return null;
  if (position === 'inside' && target.type !== 'group') return null;
  const without = removeDraftElement(tree, key);
  const at = locateElement(without, targetKey);
  if (!at) return null;
  const depth = position === 'inside' ? at.depth + 1 : at.depth;
  if (!fitsAtDepth(element, depth)) return null;
  if (position === 'inside') return insertDraftElement(without, targetKey, target.children.length, element);
  const index = position === 'before' ? at.index : at.index + 1;
  return insertDraftElement(without, at.parent?.key ?? null, index, element);
}

/** Where an element is now, in words for the screen reader's announcement of a move. */
export function describeDraftPosition(tree: DraftTree, key: string): string {
  const location = locateElement(tree, key);
  const element = location?.level[location.index];
  if (!location || !element) return '';
  const where = location.parent ? `in group ${location.parent.label}` : 'in the form';
  return `${element.label} moved to position ${location.index + 1} of ${location.level.length} ${where}.`;
}
