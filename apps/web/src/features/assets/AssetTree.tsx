import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { ASSET_HEALTH_COLOURS, ASSET_HEALTH_LABELS, type AssetHealthState } from '@kelvin/domain';
import { allKeys, ancestorKeys, visibleRows, type AssetTreeNode, type VisibleTreeRow } from './assetTree.ts';
import classes from './AssetTree.module.css';

export interface AssetTreeProps {
  nodes: readonly AssetTreeNode[];
  /** The accessible name of the tree. */
  label: string;
  selectedAssetId?: number | null;
  /** Called for Enter or a click on an asset (company groups only open and close). */
  onSelect: (node: AssetTreeNode) => void;
  /**
   * Start with every branch open, e.g. for a search result; remount (a new `key`) to apply it again. Otherwise
   * the branches down to the selected asset start open.
   */
  initiallyExpandAll?: boolean;
  /**
   * Assets chosen beside the selected one (several units on one chart): Ctrl or ⌘ with a click, or Space,
   * toggles an asset; the tree is then multi-selectable.
   */
  checkedAssetIds?: ReadonlySet<number>;
  onToggle?: (node: AssetTreeNode) => void;
  /** Each asset's health, drawn as a dot in the overview's colours and said as the item's description. */
  healthOf?: (assetId: number) => AssetHealthState | undefined;
}

/** How far each level is indented, in px. */
const INDENT = 18;

/**
 * The WAI-ARIA tree pattern: one tab stop (roving tabindex), arrows move and open/close, Home/End jump,
 * Enter selects. Each treeitem is named by its own label only, not by the text of its open children.
 */
export function AssetTree({
  nodes,
  label,
  selectedAssetId = null,
  onSelect,
  initiallyExpandAll = false,
  checkedAssetIds,
  onToggle,
  healthOf,
}: AssetTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    if (initiallyExpandAll) return new Set(allKeys(nodes));
    return new Set(selectedAssetId === null ? [] : ancestorKeys(nodes, selectedAssetId));
  });
  const rows = useMemo(() => visibleRows(nodes, expanded), [nodes, expanded]);
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const moveFocus = useRef(false);

  const selectedKey = selectedAssetId === null ? null : `asset-${selectedAssetId}`;
  // The tab stop: the focused row if still visible, else the selected one, else the first.
  const tabStop =
    rows.find((row) => row.node.key === focusedKey)?.node.key ??
    rows.find((row) => row.node.key === selectedKey)?.node.key ??
    rows[0]?.node.key ??
    null;

  useEffect(() => {
    if (!moveFocus.current || tabStop === null) return;
    moveFocus.current = false;
    itemRefs.current.get(tabStop)?.focus();
  }, [tabStop]);

  function focusRow(key: string | undefined) {
    if (key === undefined) return;
    moveFocus.current = true;
    setFocusedKey(key);
  }

  function setOpen(key: string, open: boolean) {
    setExpanded((current) => {
      const next = new Set(current);
      if (open) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  function activate(node: AssetTreeNode, toggle = false) {
    if (node.asset && toggle && onToggle) onToggle(node);
    else if (node.asset) onSelect(node);
    else setOpen(node.key, !expanded.has(node.key));
  }
  const isChecked = (node: AssetTreeNode) =>
    node.asset ? checkedAssetIds?.has(node.asset.assetId) === true : false;

  function handleKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const index = rows.findIndex((row) => row.node.key === tabStop);
    const row = rows[index];
    if (!row) return;
    const { node } = row;
    const isOpen = expanded.has(node.key);
    switch (event.key) {
      case 'ArrowDown':
        focusRow(rows[index + 1]?.node.key);
        break;
      case 'ArrowUp':
        focusRow(rows[index - 1]?.node.key);
        break;
      case 'ArrowRight':
        if (node.children.length === 0) break;
        if (isOpen) focusRow(node.children[0]?.key);
        else setOpen(node.key, true);
        break;
      case 'ArrowLeft':
        if (isOpen && node.children.length > 0) setOpen(node.key, false);
        else focusRow(row.parentKey ?? undefined);
        break;
      case 'Home':
        focusRow(rows[0]?.node.key);
        break;
      case 'End':
        focusRow(rows[rows.length - 1]?.node.key);
        break;
      case 'Enter':
        activate(node);
        break;
      case ' ':
        activate(node, true);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  // Flat rows with aria-level, aria-posinset and aria-setsize rather than nested groups: an item nested with its
  // open children holds their text too, so its visible text would not be its name (WCAG 2.5.3, axe's
  // label-content-name-mismatch); the hierarchy is said by ARIA and drawn by indentation.
  function renderRow({ node, level, posInSet, setSize }: VisibleTreeRow) {
    const hasChildren = node.children.length > 0;
    const isOpen = expanded.has(node.key);
    const labelId = `tree-label-${node.key}`;
    const health = node.asset ? healthOf?.(node.asset.assetId) : undefined;
    const healthId = `tree-health-${node.key}`;
    return (
      <li
        key={node.key}
        role="treeitem"
        aria-level={level}
        aria-posinset={posInSet}
        aria-setsize={setSize}
        aria-expanded={hasChildren ? isOpen : undefined}
        aria-selected={node.key === selectedKey || isChecked(node)}
        aria-labelledby={labelId}
        aria-describedby={health ? healthId : undefined}
        tabIndex={node.key === tabStop ? 0 : -1}
        className={classes.item}
        style={{ paddingInlineStart: (level - 1) * INDENT }}
        ref={(element) => {
          if (element) itemRefs.current.set(node.key, element);
          else itemRefs.current.delete(node.key);
        }}
        onFocus={(event) => {
          if (event.target === event.currentTarget) setFocusedKey(node.key);
        }}
      >
        <Group
          gap={4}
          wrap="nowrap"
          className={classes.row}
          data-selected={node.key === selectedKey || undefined}
          data-checked={(node.key !== selectedKey && isChecked(node)) || undefined}
        >
          <UnstyledButton
            tabIndex={-1}
            aria-hidden
            className={classes.toggle}
            style={{ visibility: hasChildren ? 'visible' : 'hidden' }}
            onClick={() => setOpen(node.key, !isOpen)}
          >
            {isOpen ? '▾' : '▸'}
          </UnstyledButton>
          <Box
            component="span"
            className={classes.label}
            onClick={(event) => {
              setFocusedKey(node.key);
              activate(node, event.ctrlKey || event.metaKey);
            }}
          >
            {health && (
              <span
                className={classes.health}
                style={{ background: ASSET_HEALTH_COLOURS[health] }}
                title={ASSET_HEALTH_LABELS[health]}
                aria-hidden
              />
            )}
            <Text span id={labelId} size="sm" fw={node.asset ? 400 : 600}>
              {node.label}
            </Text>
            {health && <VisuallyHidden id={healthId}>{ASSET_HEALTH_LABELS[health]}</VisuallyHidden>}
            {/* The type ('Unit', 'Company') is a visual hint kept out of the name, as before; drawn as generated
                content so that all the text the item holds is its name (speech users say what they see). */}
            <Text
              span
              size="xs"
              c="dimmed"
              aria-hidden
              className={classes.detail}
              data-detail={node.detail}
            />
          </Box>
        </Group>
      </li>
    );
  }

  return (
    <ul
      role="tree"
      aria-label={label}
      aria-multiselectable={onToggle ? true : undefined}
      className={classes.tree}
      onKeyDown={handleKeyDown}
    >
      {rows.map(renderRow)}
    </ul>
  );
}
