import { NotFoundPage } from '../../features/notFound/NotFoundPage.tsx';
import { isLoggedInFlagSet } from '../session/sessionStorageKeys.ts';
import { UserArea } from '../shell/UserArea.tsx';

/** /notFound: inside the shell for a signed-in user, so the navigation stays at hand; bare before sign-in. */
export function NotFoundRoute() {
  if (!isLoggedInFlagSet()) return <NotFoundPage />;
  return (
    <UserArea>
      <NotFoundPage inShell />
    </UserArea>
  );
}
