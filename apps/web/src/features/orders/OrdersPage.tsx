import { useState } from 'react';
import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconRefreshDot } from '@tabler/icons-react';
import type { SalesOrdersRow, SalesOrdersTab } from '@kelvin/contract';
import { toastsFor } from '../../shared/api/mutationToasts.ts';
import { ConfirmOrderAction } from './ConfirmOrderAction.tsx';
import type { OrderAction } from './orderColumns.tsx';
import { OrdersTab } from './OrdersTab.tsx';
import { netsuiteAccessToken } from './orderNetsuiteSession.ts';
import { useOrderMutations } from './ordersQueries.ts';
import { ProcessOrderDialog } from './ProcessOrderDialog.tsx';

const TABS: { value: SalesOrdersTab; label: string }[] = [
  { value: 'PENDING', label: 'Tickets Pending Sales Order' },
  { value: 'IN_PROCESS', label: 'Tickets In Process of Sales Order' },
  { value: 'CLOSED', label: 'Closed Sales Orders' },
];

/**
 * Order overview (spec 2): the three sales-order tabs, the Process dialog, Delete and Close with confirmation, and
 * the primary action: reading every order back from NetSuite (reconciliation), which flags orders changed there.
 */
export function OrdersPage() {
  const [tab, setTab] = useState<SalesOrdersTab>('PENDING');
  const [acting, setActing] = useState<{ action: OrderAction; row: SalesOrdersRow } | null>(null);
  const { reconcile } = useOrderMutations();

  const reconcileNow = async () => {
    const token = await netsuiteAccessToken();
    reconcile.mutate(
      token === null ? {} : { netSuiteAccessToken: token },
      toastsFor('Sales orders checked against NetSuite'),
    );
  };

  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>Orders</Title>
          <Text c="dimmed" size="sm">
            Billable tickets become sales orders in NetSuite on the customer&apos;s project.
          </Text>
        </div>
        <Button
          leftSection={<IconRefreshDot size={16} aria-hidden />}
          loading={reconcile.isPending}
          onClick={() => void reconcileNow()}
        >
          Check orders in NetSuite
        </Button>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setTab(TABS.find((each) => each.value === value)?.value ?? 'PENDING')}
        keepMounted={false}
      >
        <Tabs.List>
          {TABS.map((each) => (
            <Tabs.Tab key={each.value} value={each.value}>
              {each.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((each) => (
          <Tabs.Panel key={each.value} value={each.value}>
            <OrdersTab tab={each.value} onAction={(action, row) => setActing({ action, row })} />
          </Tabs.Panel>
        ))}
      </Tabs>
      {acting?.action === 'process' && (
        <ProcessOrderDialog ticketId={acting.row.ticketId} onClose={() => setActing(null)} />
      )}
      {(acting?.action === 'delete' || acting?.action === 'close') && (
        <ConfirmOrderAction action={acting.action} row={acting.row} onClose={() => setActing(null)} />
      )}
    </Stack>
  );
}
