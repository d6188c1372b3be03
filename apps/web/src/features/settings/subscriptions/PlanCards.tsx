import { Badge, Card, Group, List, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { subscriptionPlanDetails, subscriptionPlans, type PlanCount } from '@kelvin/contract';

/** The four plans, what each unlocks, and how many companies and units are on each. */
export function PlanCards({ counts }: { counts: readonly PlanCount[] | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {subscriptionPlans.map((plan) => {
        const details = subscriptionPlanDetails[plan];
        const count = counts?.find((entry) => entry.plan === plan);
        return (
          <Card key={plan} withBorder padding="md" component="section" aria-labelledby={`plan-${plan}`}>
            <Title order={2} size="h5" id={`plan-${plan}`} mb={6}>
              {details.name}
            </Title>
            {count ? (
              <Group gap={6} mb="sm">
                <Badge variant="light" tt="none">
                  {plural(count.companies, 'company', 'companies')}
                </Badge>
                <Badge variant="light" color="gray" tt="none">
                  {plural(count.units, 'unit', 'units')}
                </Badge>
              </Group>
            ) : (
              <Skeleton height={20} mb="sm" aria-hidden />
            )}
            <Text size="xs" c="dimmed" mb={4}>
              Unlocks
            </Text>
            <List size="sm" spacing={2} icon={<IconCheck size={14} aria-hidden />} center>
              {details.unlocks.map((feature) => (
                <List.Item key={feature}>{feature}</List.Item>
              ))}
            </List>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
