import { Modal } from '@mantine/core';
import type { Asset } from '@kelvin/contract';
import { modals } from '../../app/modals/modalStore.ts';
import { failWithToast, toastsFor } from '../../shared/api/mutationToasts.ts';
import { useDeleteAsset } from './assetsQueries.ts';
import { CreateAssetForm } from './CreateAssetForm.tsx';
import { assetDisplayName } from '@kelvin/domain';
import { MoveAssetForm } from './MoveAssetForm.tsx';
import { UnitTemplateForm } from './UnitTemplateForm.tsx';

export type AssetDialog =
  | { kind: 'create'; parent: Asset | null }
  | { kind: 'template'; parent: Asset }
  | { kind: 'move'; asset: Asset }
  | null;

/** The create, template and move dialogs of the asset screens; one open at a time. */
export function AssetDialogs({
  dialog,
  companyId,
  companyAssets,
  linkTo,
  onClose,
}: {
  dialog: AssetDialog;
  companyId: number;
  companyAssets: readonly Asset[];
  linkTo: (assetId: number) => string;
  onClose: () => void;
}) {
  const title =
    dialog?.kind === 'create'
      ? dialog.parent
        ? `Add an asset under ${assetDisplayName(dialog.parent)}`
        : 'Add an asset to the company'
      : dialog?.kind === 'template'
        ? 'Create unit from template'
        : dialog?.kind === 'move'
          ? `Move ${assetDisplayName(dialog.asset)}`
          : '';
  return (
    <Modal opened={dialog !== null} onClose={onClose} title={title} size="lg">
      {dialog?.kind === 'create' && (
        <CreateAssetForm companyId={companyId} parent={dialog.parent} onDone={onClose} />
      )}
      {dialog?.kind === 'template' && (
        <UnitTemplateForm parent={dialog.parent} linkTo={linkTo} onDone={onClose} />
      )}
      {dialog?.kind === 'move' && (
        <MoveAssetForm asset={dialog.asset} companyAssets={companyAssets} onDone={onClose} />
      )}
    </Modal>
  );
}

/** Delete behind the danger dialog; the server refuses an asset with children and says so. */
export function useConfirmDeleteAsset() {
  const remove = useDeleteAsset();
  return (asset: Asset, onDeleted?: () => void) => {
    const name = assetDisplayName(asset);
    void modals.danger({
      title: 'Delete asset',
      message: `Delete ${name}? This cannot be undone.`,
      okLabel: 'Delete',
      onOk: () =>
        remove
          .mutateAsync(asset.assetId)
          .then(() => toastsFor(`${name} deleted`, onDeleted).onSuccess(), failWithToast),
    });
  };
}
