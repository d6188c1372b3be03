import { Alert, Button } from '@mantine/core';
import { IconLogin } from '@tabler/icons-react';
import { ORDERS_RETURN_TO, startNetsuiteAuthorization } from './orderNetsuiteSession.ts';

/** Shown where a sales order call needs the user's NetSuite session and there is none (or it ran out). */
export function NetsuiteSignIn({ what }: { what: string }) {
  return (
    <Alert color="yellow" title="Sign in to NetSuite" icon={<IconLogin size={18} aria-hidden />}>
      You are not signed in to NetSuite (or the session ran out): sign in to {what}. You come back to the
      Orders page.
      <div>
        <Button mt="sm" size="xs" onClick={() => void startNetsuiteAuthorization(ORDERS_RETURN_TO)}>
          Sign in to NetSuite
        </Button>
      </div>
    </Alert>
  );
}
