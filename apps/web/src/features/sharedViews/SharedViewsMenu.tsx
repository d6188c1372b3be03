import { useState } from 'react';
import { Badge, Button, Group, Menu, Text } from '@mantine/core';
import {
  IconChevronDown,
  IconCopy,
  IconDeviceFloppy,
  IconLayoutDashboard,
  IconPencil,
  IconTrash,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import type { SharedView, SharedViewContext, SharedViewSummary } from '@kelvin/contract';
import type { ViewUser } from '@kelvin/domain';
import { modals } from '../../app/modals/modalStore.ts';
import { notify, showAlert } from '../../app/toasts/toasts.ts';
import { errorMessage } from '../../shared/ui/ErrorScreen.tsx';
import { sharedViewLink, type SaveViewInput } from './diagnoseViews.ts';
import { fetchLinkedSharedView, UNABLE_TO_LOAD_VIEW } from './sharedViewLink.ts';
import { SaveViewModal } from './SaveViewModal.tsx';
import {
  useDeleteSharedView,
  useInsertSharedView,
  useSetViewGlobal,
  useSharedViews,
  useUpdateSharedView,
} from './sharedViewsQueries.ts';

const TYPE_LABELS: Record<SharedViewSummary['type'], string> = {
  PERSONAL: 'Personal',
  PUBLISHED: 'Company',
  PROVISIONAL: 'Draft',
  GLOBAL: 'Global',
};

type Dialog = 'saveAs' | 'rename' | null;

export interface SharedViewsMenuProps {
  context: SharedViewContext;
  user: ViewUser;
  canSetGlobal: boolean;
  selectedViewId: number | null;
  /** What the screen includes in a save by default (the save dialog's two checkboxes). */
  includes: { includeTimeRange: boolean; includeAssets: boolean };
  /** The schema and data that store the screen's state, for the options of a save. */
  viewBody: (input: SaveViewInput) => { schema: string; data: Record<string, unknown> };
  /** Applies a view the user opened (fetched whole) by the spec's selection rules, going where it shows. */
  onOpen: (view: SharedView) => Promise<void>;
  /** Selects a view just saved (its data is the screen's own). */
  onSaved: (view: SharedView) => void;
  /** A deleted view leaves the screen's selection. */
  onDeleted: (sharedViewId: number) => void;
  /** The product tour's anchor, where the screen has a tour. */
  tourAnchor?: string;
}

/**
 * A screen's saved views of one context: open one, save, save as, rename, publish, make global (with
 * sharedViews:setGlobal), copy its link, delete.
 */
export function SharedViewsMenu(props: SharedViewsMenuProps) {
  const { context, user, canSetGlobal, selectedViewId, includes, viewBody, onOpen, onSaved, onDeleted } =
    props;
  const views = useSharedViews(context);
  const insert = useInsertSharedView();
  const update = useUpdateSharedView();
  const remove = useDeleteSharedView();
  const setGlobal = useSetViewGlobal();
  const [dialog, setDialog] = useState<Dialog>(null);
  const selected = views.data?.find((one) => one.sharedViewId === selectedViewId);
  const mine = selected !== undefined && selected.creatorId === user.userId;

  async function open(summary: SharedViewSummary) {
    try {
      await onOpen(await fetchLinkedSharedView(summary.sharedViewId));
    } catch {
      showAlert(UNABLE_TO_LOAD_VIEW);
    }
  }
  const bodyOf = (input: SaveViewInput) => ({
    name: input.name,
    description: input.description ?? '',
    type: input.type,
    context,
    ...viewBody(input),
  });
  const inputOf = (summary: SharedViewSummary): SaveViewInput => ({
    name: summary.name,
    description: summary.description,
    type: summary.type,
    ...includes,
  });
  const save = async (summary: SharedViewSummary, input: SaveViewInput) =>
    update.mutateAsync({ sharedViewId: summary.sharedViewId, ...bodyOf(input) });
  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
      notify({ kind: 'success', message: done });
    } catch (error) {
      notify({ kind: 'danger', message: errorMessage(error) });
    }
  }

  return (
    <>
      <Menu position="bottom-start" width={300} withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            data-tour={props.tourAnchor}
            leftSection={<IconLayoutDashboard size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            {selected?.name ?? 'Unsaved view'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Saved views</Menu.Label>
          {views.isPending && <Menu.Item disabled>Loading views…</Menu.Item>}
          {views.isError && <Menu.Item disabled>Unable to load the views</Menu.Item>}
          {views.data?.length === 0 && <Menu.Item disabled>No saved views yet: save this one.</Menu.Item>}
          {views.data?.map((summary) => (
            <Menu.Item key={summary.sharedViewId} onClick={() => void open(summary)}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate fw={summary.sharedViewId === selectedViewId ? 600 : undefined}>
                  {summary.name}
                </Text>
                <Badge size="xs" variant="light" color={summary.type === 'GLOBAL' ? 'grape' : 'gray'}>
                  {TYPE_LABELS[summary.type]}
                </Badge>
              </Group>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!mine}
            onClick={() => selected && void run(() => save(selected, inputOf(selected)), 'View saved')}
          >
            Save
          </Menu.Item>
          <Menu.Item leftSection={<IconDeviceFloppy size={16} />} onClick={() => setDialog('saveAs')}>
            Save as…
          </Menu.Item>
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            disabled={!mine}
            onClick={() => setDialog('rename')}
          >
            Rename…
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUsersGroup size={16} />}
            disabled={!mine || selected.type !== 'PERSONAL'}
            onClick={() =>
              selected &&
              void run(
                () => save(selected, { ...inputOf(selected), type: 'PUBLISHED' }),
                'View published to your company',
              )
            }
          >
            Publish to my company
          </Menu.Item>
          {canSetGlobal && (
            <Menu.Item
              leftSection={<IconWorld size={16} />}
              disabled={selected === undefined}
              onClick={() => {
                if (!selected) return;
                const global = selected.type !== 'GLOBAL';
                void run(
                  async () =>
                    onSaved(await setGlobal.mutateAsync({ sharedViewId: selected.sharedViewId, global })),
                  global ? 'View made global: everyone may open it' : 'View returned to its company',
                );
              }}
            >
              {selected?.type === 'GLOBAL' ? 'Remove from global views' : 'Make global'}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconCopy size={16} />}
            disabled={selected === undefined}
            onClick={() =>
              selected &&
              void run(
                () => navigator.clipboard.writeText(sharedViewLink(selected.sharedViewId)),
                'Link copied',
              )
            }
          >
            Copy link
          </Menu.Item>
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            disabled={!mine}
            onClick={() =>
              selected &&
              void modals.danger({
                title: 'Delete view',
                message: `Delete the view “${selected.name}”? Links to it will open it as deleted.`,
                okLabel: 'Delete',
                onOk: async () => {
                  await remove.mutateAsync(selected.sharedViewId);
                  onDeleted(selected.sharedViewId);
                },
              })
            }
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal
        opened={dialog === 'saveAs'}
        title="Save view as"
        initial={{ name: '', description: '', type: 'PERSONAL', ...includes }}
        onClose={() => setDialog(null)}
        onSave={async (input) => onSaved(await insert.mutateAsync(bodyOf(input)))}
      />
      {selected && (
        <SaveViewModal
          opened={dialog === 'rename'}
          title="Rename view"
          nameOnly
          initial={inputOf(selected)}
          onClose={() => setDialog(null)}
          onSave={(input) => save(selected, { ...inputOf(selected), name: input.name })}
        />
      )}
    </>
  );
}
