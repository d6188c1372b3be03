import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_HEALTH_COLOURS } from '@kelvin/domain';
import { buildFleet } from '../../test/assetFactories.ts';
import { buildAssetTree, filterAssetTree, type AssetTreeNode } from './assetTree.ts';
import { AssetTree } from './AssetTree.tsx';

function renderTree(props: { selectedAssetId?: number; search?: string } = {}) {
  const onSelect = vi.fn<(node: AssetTreeNode) => void>();
  const nodes = filterAssetTree(buildAssetTree(buildFleet()), props.search ?? '');
  render(
    <MantineProvider env="test">
      <AssetTree
        nodes={nodes}
        label="Assets"
        selectedAssetId={props.selectedAssetId}
        onSelect={onSelect}
        initiallyExpandAll={props.search !== undefined}
      />
    </MantineProvider>,
  );
  return onSelect;
}

describe('buildAssetTree', () => {
  it('nests assets under their parents and sorts siblings by display name', () => {
    const tree = buildAssetTree(buildFleet());
    expect(tree.map((node) => node.label)).toEqual(['Bergen Site', 'Oslo Campus']);
    expect(tree[1]?.children[0]?.children[0]?.children.map((node) => node.label)).toEqual([
      'CRAH 01',
      'CRAH 02',
    ]);
  });

  it('keeps matches with their ancestors when searching', () => {
    const tree = filterAssetTree(buildAssetTree(buildFleet()), 'crah 02');
    expect(tree.map((node) => node.label)).toEqual(['Oslo Campus']);
    expect(tree[0]?.children[0]?.children[0]?.children.map((node) => node.label)).toEqual(['CRAH 02']);
  });
});

describe('AssetTree', () => {
  it('exposes a tree with one tab stop and collapsed branches', () => {
    renderTree();
    expect(screen.getByRole('tree', { name: 'Assets' })).toBeInTheDocument();
    const oslo = screen.getByRole('treeitem', { name: 'Oslo Campus' });
    expect(oslo).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('treeitem', { name: 'Bergen Site' })).toHaveAttribute('tabindex', '0');
    expect(oslo).toHaveAttribute('tabindex', '-1');
    expect(screen.queryByRole('treeitem', { name: 'Building A' })).not.toBeInTheDocument();
  });

  it('moves with the arrows, opens and closes branches, and selects with Enter', async () => {
    const user = userEvent.setup();
    const onSelect = renderTree();
    await user.tab();
    expect(screen.getByRole('treeitem', { name: 'Bergen Site' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    const oslo = screen.getByRole('treeitem', { name: 'Oslo Campus' });
    expect(oslo).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(oslo).toHaveAttribute('aria-expanded', 'true');
    expect(oslo).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('treeitem', { name: 'Building A' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(oslo).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(oslo).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: 'Building A' })).not.toBeInTheDocument();

    await user.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledOnce();
    expect(onSelect.mock.calls[0]?.[0].asset?.assetId).toBe(6);
  });

  it('jumps with Home and End and keeps focus inside the visible rows', async () => {
    const user = userEvent.setup();
    renderTree({ selectedAssetId: 4 });
    // The selected unit starts visible, its branches open, and holds the tab stop.
    const unit = screen.getByRole('treeitem', { name: 'CRAH 01' });
    expect(unit).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(unit).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('treeitem', { name: 'CRAH 02' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('treeitem', { name: 'CRAH 02' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('treeitem', { name: 'Bergen Site' })).toHaveFocus();
  });

  it('shows search results with their branches open', () => {
    renderTree({ search: 'hall' });
    expect(screen.getByRole('treeitem', { name: 'Hall 1' })).toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: 'Building A' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('treeitem', { name: 'Bergen Site' })).not.toBeInTheDocument();
  });
});

describe('AssetTree with several assets chosen', () => {
  it('toggles an asset with Ctrl-click or Space, selects with a plain click or Enter, and marks the checked', async () => {
    const onSelect = vi.fn<(node: AssetTreeNode) => void>();
    const onToggle = vi.fn<(node: AssetTreeNode) => void>();
    const nodes = filterAssetTree(buildAssetTree(buildFleet()), 'crah');
    const crah02 = nodes[0]?.children[0]?.children[0]?.children[1]?.asset?.assetId ?? 0;
    render(
      <MantineProvider env="test">
        <AssetTree
          nodes={nodes}
          label="Assets"
          onSelect={onSelect}
          onToggle={onToggle}
          checkedAssetIds={new Set([crah02])}
          initiallyExpandAll
        />
      </MantineProvider>,
    );
    const user = userEvent.setup();
    expect(screen.getByRole('tree', { name: 'Assets' })).toHaveAttribute('aria-multiselectable', 'true');
    expect(screen.getByRole('treeitem', { name: 'CRAH 02' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('treeitem', { name: 'CRAH 01' })).toHaveAttribute('aria-selected', 'false');

    await user.keyboard('{Control>}');
    await user.click(screen.getByText('CRAH 01'));
    await user.keyboard('{/Control}');
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onToggle.mock.calls[0]?.[0].label).toBe('CRAH 01');
    expect(onSelect).not.toHaveBeenCalled();

    await user.keyboard(' ');
    expect(onToggle).toHaveBeenCalledTimes(2);
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledTimes(1);
    await user.click(screen.getByText('CRAH 02'));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });
});

describe('AssetTree health', () => {
  it("draws each asset's health in the overview's colours and says it as the item's description", () => {
    const fleet = buildFleet();
    const crah = fleet.find((asset) => asset.name === 'CRAH 01');
    if (!crah) throw new Error('fleet without CRAH 01');
    render(
      <MantineProvider env="test">
        <AssetTree
          nodes={buildAssetTree(fleet)}
          label="Assets"
          onSelect={vi.fn()}
          initiallyExpandAll
          healthOf={(assetId) => (assetId === crah.assetId ? 'CRITICAL' : undefined)}
        />
      </MantineProvider>,
    );
    const item = screen.getByRole('treeitem', { name: 'CRAH 01' });
    expect(item).toHaveAccessibleDescription('Critical');
    expect(screen.getByTitle('Critical')).toHaveStyle({ background: ASSET_HEALTH_COLOURS.CRITICAL });
    expect(screen.getByRole('treeitem', { name: 'CRAH 02' })).not.toHaveAttribute('aria-describedby');
  });
});
