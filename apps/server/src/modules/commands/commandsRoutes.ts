import { metricCommandsEndpoints } from '@kelvin/contract';
import type { RouteContext } from '../../http/routeContext.ts';
import type { LastValueTable } from '../../platform/live/lastValueTable.ts';
import { ackAgentCommands, pollAgentCommands } from './agentCommandsService.ts';
import { createCommandWakeups, startCommandSweeper } from './commandQueue.ts';
import { createCommand, listCommands } from './commandsService.ts';

/**
 * Set and override commands: the console's calls, the agents' long poll and answers, and the sweeper that times
 * out what no agent took (stopped with the app).
 */
export function registerCommandsRoutes(
  { app, db, route }: RouteContext,
  { lastValues }: { lastValues: LastValueTable },
): void {
  const wakeups = createCommandWakeups();
  const stopSweeper = startCommandSweeper(db, app.log);
  app.addHook('onClose', (_instance, done) => {
    stopSweeper();
    done();
  });
  route(metricCommandsEndpoints.metricCommandsCreate, ({ auth, body }) =>
    createCommand({ db, lastValues, wakeups }, auth, body),
  );
  route(metricCommandsEndpoints.metricCommandsList, ({ auth, body }) => listCommands(db, auth, body));
  route(metricCommandsEndpoints.agentCommandsPoll, ({ auth, body, reply }) => {
    // The poll ends early when the agent hangs up, so a dropped connection claims nothing it cannot receive.
    const hangUp = new AbortController();
    reply.raw.once('close', () => hangUp.abort());
    return pollAgentCommands({ db, wakeups }, auth, body, hangUp.signal);
  });
  route(metricCommandsEndpoints.agentCommandsAck, ({ auth, body }) => ackAgentCommands(db, auth, body));
}
