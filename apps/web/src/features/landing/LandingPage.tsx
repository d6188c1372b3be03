import { Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate } from 'react-router';
import { isLoggedInFlagSet } from '../../app/session/sessionStorageKeys.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { landingClaims, landingPlans } from './plans.ts';
import { PlanCard } from './PlanCard.tsx';

/** The guests' page; a signed-in user goes straight to the user area (spec). */
export function LandingPage() {
  if (isLoggedInFlagSet()) return <Navigate to="/user" replace />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group component="header" justify="space-between">
          <Logo size="xl" />
          <Button component={Link} to="/login">
            Already have an account? Click here to Login
          </Button>
        </Group>
        <Stack component="main" gap="xl">
          <Stack gap="sm">
            <Title order={1}>Every cooling unit in your data centres, in one console</Title>
            <Text size="lg">
              Kelvin watches your fleet of cooling equipment live, keeps its metric history, detects problems
              before they become outages and runs the service work that follows.
            </Text>
            <List aria-label="What Kelvin records">
              {landingClaims.map((claim) => (
                <List.Item key={claim}>{claim}</List.Item>
              ))}
            </List>
          </Stack>
          <section aria-labelledby="plans-heading">
            <Title order={2} id="plans-heading" mb="md">
              Plans
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
              {landingPlans.map((plan) => (
                <PlanCard key={plan.plan} plan={plan} />
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Stack>
    </Container>
  );
}
