import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Badge, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconArrowDown,
  IconArrowUp,
  IconDotsVertical,
  IconGripVertical,
  IconTrash,
} from '@tabler/icons-react';
import type { DropPosition } from './draftTree.ts';
import { ELEMENT_TYPE_LABELS, type DraftElement } from './formDraft.ts';
import type { MoveKind } from './formDraftState.ts';
import { ElementTypeIcon } from './ElementTypeIcon.tsx';
import classes from './FormEditor.module.css';

export interface ElementTreeProps {
  elements: readonly DraftElement[];
  selectedKey: string | null;
  /** Keys of elements whose settings have a problem: their rows carry a mark. */
  problemKeys: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onMove: (key: string, move: MoveKind) => void;
  onDrop: (key: string, targetKey: string, position: DropPosition) => void;
  onDelete: (element: DraftElement) => void;
}

/** Keyboard moves of a focused row (Alt + arrows), as the row's description tells. */
const MOVE_KEYS: Readonly<Record<string, MoveKind>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowRight: 'nest',
  ArrowLeft: 'unnest',
};

export const KEYBOARD_HINT_ID = 'form-editor-keyboard-hint';
const DRAG_TYPE = 'application/x-kelvin-form-element';

/** A row's name: its label first (as shown), then its type, required, its size if a group, problems and place. */
function rowName(element: DraftElement, index: number, count: number, hasProblems: boolean): string {
  const parts = [element.label, ELEMENT_TYPE_LABELS[element.type]];
  if (element.isRequired && element.type !== 'group') parts.push('required');
  if (element.type === 'group') parts.push(`${element.children.length} element(s)`);
  if (hasProblems) parts.push('to check');
  parts.push(`${index + 1} of ${count}`);
  return parts.join(', ');
}

/** Where on a row a drag points: its top quarter before, bottom quarter after, a group's middle inside. */
function dropPositionAt(event: DragEvent<HTMLElement>, isGroup: boolean): DropPosition {
  const box = event.currentTarget.getBoundingClientRect();
  const share = box.height > 0 ? (event.clientY - box.top) / box.height : 0.5;
  if (isGroup) return share < 0.25 ? 'before' : share > 0.75 ? 'after' : 'inside';
  return share < 0.5 ? 'before' : 'after';
}

/**
 * The form's elements as nested lists: a row per element (a group's children indented under it). A row is chosen
 * by click or Enter; moved by drag and drop (native, like the tickets' lanes), by Alt + arrow keys on the focused
 * row, or from its menu; plain arrow keys walk the rows. Focus follows a moved row.
 */
export function ElementTree(props: ElementTreeProps) {
  const rows = useRef(new Map<string, HTMLButtonElement>());
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<{ key: string; position: DropPosition } | null>(null);
  const focusAfterMove = useRef<string | null>(null);

  useEffect(() => {
    const key = focusAfterMove.current;
    if (key === null) return;
    focusAfterMove.current = null;
    rows.current.get(key)?.focus();
  });

  const walkFocus = (from: string, step: 1 | -1) => {
    const buttons = [...rows.current.entries()]
      .filter(([, button]) => button.isConnected)
      .sort(([, a], [, b]) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const index = buttons.findIndex(([key]) => key === from);
    buttons[index + step]?.[1].focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, key: string) => {
    const move = MOVE_KEYS[event.key];
    if (event.altKey && move) {
      event.preventDefault();
      focusAfterMove.current = key;
      props.onMove(key, move);
    } else if (!event.altKey && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      walkFocus(key, event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      const element = props.elements.length > 0 ? findIn(props.elements, key) : undefined;
      if (element) props.onDelete(element);
    }
  };

  const renderLevel = (level: readonly DraftElement[], depth: number) => (
    <ul className={classes.treeLevel} data-depth={depth}>
      {level.map((element, index) => {
        const selected = element.key === props.selectedKey;
        const drop = over?.key === element.key ? over.position : undefined;
        return (
          <li key={element.key} className={classes.treeItem}>
            <div
              className={classes.treeRow}
              data-selected={selected || undefined}
              data-drop={drop}
              data-dragging={dragged === element.key || undefined}
              draggable
              onDragStart={(event) => {
                event.stopPropagation();
                event.dataTransfer.setData(DRAG_TYPE, element.key);
                event.dataTransfer.setData('text/plain', element.label);
                event.dataTransfer.effectAllowed = 'move';
                setDragged(element.key);
              }}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDragOver={(event) => {
                if (dragged === null || dragged === element.key) return;
                event.preventDefault();
                event.stopPropagation();
                event.dataTransfer.dropEffect = 'move';
                const position = dropPositionAt(event, element.type === 'group');
                if (over?.key !== element.key || over.position !== position)
                  setOver({ key: element.key, position });
              }}
              onDragLeave={() => setOver((current) => (current?.key === element.key ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                event.stopPropagation();
                const key = event.dataTransfer.getData(DRAG_TYPE) || dragged;
                const position = dropPositionAt(event, element.type === 'group');
                setDragged(null);
                setOver(null);
                if (key && key !== element.key) props.onDrop(key, element.key, position);
              }}
            >
              <IconGripVertical size={14} className={classes.grip} aria-hidden />
              <UnstyledButton
                ref={(node) => {
                  if (node) rows.current.set(element.key, node);
                  else rows.current.delete(element.key);
                }}
                className={classes.rowButton}
                aria-current={selected ? 'true' : undefined}
                aria-describedby={KEYBOARD_HINT_ID}
                aria-label={rowName(element, index, level.length, props.problemKeys.has(element.key))}
                onClick={() => props.onSelect(element.key)}
                onFocus={() => props.onSelect(element.key)}
                onKeyDown={(event) => onKeyDown(event, element.key)}
              >
                <Group gap={8} wrap="nowrap" miw={0}>
                  <ElementTypeIcon type={element.type} />
                  <Text size="sm" truncate="end" className={classes.rowLabel}>
                    {element.label || 'Untitled'}
                  </Text>
                  {element.isRequired && element.type !== 'group' && (
                    <Text span c="red" size="sm" aria-hidden>
                      *
                    </Text>
                  )}
                </Group>
              </UnstyledButton>
              {element.type === 'group' && (
                <Badge size="xs" variant="default" aria-hidden>
                  {element.children.length}
                </Badge>
              )}
              {props.problemKeys.has(element.key) && (
                <Badge size="xs" color="red" variant="light">
                  Check
                </Badge>
              )}
              <RowMenu
                element={element}
                onDelete={props.onDelete}
                onMove={(move) => {
                  focusAfterMove.current = element.key;
                  props.onMove(element.key, move);
                }}
              />
            </div>
            {element.type === 'group' &&
              (element.children.length > 0 ? (
                renderLevel(element.children, depth + 1)
              ) : (
                <Text size="xs" c="dimmed" className={classes.emptyGroup}>
                  Empty group: drag elements onto it, or add them from its settings.
                </Text>
              ))}
          </li>
        );
      })}
    </ul>
  );

  return (
    <Box>
      <Text id={KEYBOARD_HINT_ID} size="xs" c="dimmed" mb={6}>
        Alt + ↑/↓ moves, Alt + → nests into the group above, Alt + ← moves out of a group.
      </Text>
      <nav aria-label="Form elements">{renderLevel(props.elements, 0)}</nav>
    </Box>
  );
}

function findIn(level: readonly DraftElement[], key: string): DraftElement | undefined {
  for (const element of level) {
    if (element.key === key) return element;
    const found = findIn(element.children, key);
    if (found) return found;
  }
  return undefined;
}

/** A row's menu: the explicit moves (what the keys do) and Delete. */
function RowMenu({
  element,
  onMove,
  onDelete,
}: {
  element: DraftElement;
  onMove: (move: MoveKind) => void;
  onDelete: (element: DraftElement) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Actions for ${element.label}`}>
          <IconDotsVertical size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconArrowUp size={14} />} onClick={() => onMove('up')}>
          Move up
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowDown size={14} />} onClick={() => onMove('down')}>
          Move down
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowBarToRight size={14} />} onClick={() => onMove('nest')}>
          Move into the group above
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowBarToLeft size={14} />} onClick={() => onMove('unnest')}>
          Move out of its group
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(element)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
