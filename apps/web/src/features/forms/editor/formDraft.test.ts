import { describe, expect, it } from 'vitest';
import {
  describeDraftPosition,
  moveDraftElement,
  moveDraftElementTo,
  moveOutOfGroup,
  nestIntoGroupAbove,
} from './draftTree.ts';
import {
  draftFromDefinition,
  draftToElementInputs,
  newDraftElement,
  type DraftElement,
} from './formDraft.ts';

const field = (key: string, label = key): DraftElement => ({ ...newDraftElement('text', key), label });
const group = (key: string, children: DraftElement[], label = key): DraftElement => ({
  ...newDraftElement('group', key),
  label,
  children,
});
/** The tree's shape as text: 'a, G(b, c)'. */
const shape = (elements: readonly DraftElement[] | null): string =>
  elements === null
    ? 'refused'
    : elements
        .map((element) =>
          element.type === 'group' ? `${element.key}(${shape(element.children)})` : element.key,
        )
        .join(', ');

const tree = [field('a'), group('G', [field('b'), field('c')], 'Checks'), field('d')];

describe('the element tree moves', () => {
  it('moves up and down among siblings, and refuses past either end', () => {
    expect(shape(moveDraftElement(tree, 'd', -1))).toBe('a, d, G(b, c)');
    expect(shape(moveDraftElement(tree, 'b', 1))).toBe('a, G(c, b), d');
    expect(moveDraftElement(tree, 'a', -1)).toBeNull();
    expect(moveDraftElement(tree, 'c', 1)).toBeNull();
  });

  it('nests into the group just above, as its last element, and out again just after the group', () => {
    const nested = nestIntoGroupAbove(tree, 'd');
    expect(shape(nested)).toBe('a, G(b, c, d)');
    expect(shape(moveOutOfGroup(nested ?? [], 'b'))).toBe('a, G(c, d), b');
    expect(nestIntoGroupAbove(tree, 'a')).toBeNull();
    expect(nestIntoGroupAbove(tree, 'G')).toBeNull();
    expect(moveOutOfGroup(tree, 'a')).toBeNull();
  });

  it('drops before, after or inside a group, never into itself', () => {
    expect(shape(moveDraftElementTo(tree, 'a', 'c', 'after'))).toBe('G(b, c, a), d');
    expect(shape(moveDraftElementTo(tree, 'd', 'G', 'inside'))).toBe('a, G(b, c, d)');
    expect(shape(moveDraftElementTo(tree, 'b', 'a', 'before'))).toBe('b, a, G(c), d');
    expect(moveDraftElementTo(tree, 'G', 'b', 'after')).toBeNull();
    expect(moveDraftElementTo(tree, 'a', 'd', 'inside')).toBeNull();
  });

  it('refuses a nesting deeper than the server takes (10 levels)', () => {
    let deep: DraftElement = field('leaf');
    for (let level = 9; level >= 1; level -= 1) deep = group(`g${level}`, [deep]);
    const forest = [group('top', []), deep];
    // deep spans 10 levels; inside 'top' it would span 11.
    expect(moveDraftElementTo(forest, 'g1', 'top', 'inside')).toBeNull();
    expect(nestIntoGroupAbove(forest, 'g1')).toBeNull();
  });

  it('says where the element went, for the screen reader', () => {
    const moved = moveDraftElement(tree, 'c', -1) ?? [];
    expect(describeDraftPosition(moved, 'c')).toBe('c moved to position 1 of 2 in group Checks.');
    expect(describeDraftPosition(tree, 'd')).toBe('d moved to position 3 of 3 in the form.');
  });
});

describe('the save payload', () => {
  it('is flat, parents first, with parent keys, sibling order and only the options each type takes', () => {
    const number = {
      ...newDraftElement('number', 'n'),
      label: ' Supply air ',
      isRequired: true,
      options: {
        format: 'integer' as const,
        min: 10,
        max: null,
        values: ['stray'],
        metricAlias: 'temperature.supplyAir',
      },
    };
    const inputs = draftToElementInputs([group('G', [field('t', 'Notes'), number], 'Checks')]);
    expect(inputs).toEqual([
      {
        key: 'G',
        parentKey: null,
        label: 'Checks',
        type: 'group',
        isRequired: false,
        displayOrder: 0,
        formElementDefOptions: {},
      },
      {
        key: 't',
        parentKey: 'G',
        label: 'Notes',
        type: 'text',
        isRequired: false,
        displayOrder: 0,
        formElementDefOptions: {},
      },
      {
        key: 'n',
        parentKey: 'G',
        label: 'Supply air',
        type: 'number',
        isRequired: true,
        displayOrder: 1,
        formElementDefOptions: { format: 'integer', min: 10, metricAlias: 'temperature.supplyAir' },
      },
    ]);
  });

  it('continues the saved elements by their definition ids, in display order', () => {
    const draft = draftFromDefinition({
      label: 'PM',
      formElements: [
        {
          formElementDefAssociationId: 11,
          formElementDefId: 21,
          label: 'Second',
          rootFormId: 1,
          parentFormElementDefId: null,
          isRequired: false,
          displayOrder: 2,
          type: 'boolean',
          elements: [],
          formElementDefOptions: { default: true },
        },
        {
          formElementDefAssociationId: 10,
          formElementDefId: 20,
          label: 'First',
          rootFormId: 1,
          parentFormElementDefId: null,
          isRequired: false,
          displayOrder: 1,
          type: 'text',
          elements: [],
          formElementDefOptions: {},
        },
      ],
    });
    expect(draftToElementInputs(draft.elements).map((input) => [input.key, input.formElementDefId])).toEqual([
      ['e20', 20],
      ['e21', 21],
    ]);
  });
});
