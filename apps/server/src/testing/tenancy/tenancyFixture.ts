import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { livePath } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { seedMetricCatalogue } from '../../demo/seedMetrics.ts';
import { hashAgentKey } from '../../http/authenticateAgent.ts';
import { addAssetToDefaultGroups } from '../../modules/access/accessGroupsRepository.ts';
import { apiAs, makeAsset } from '../../modules/assets/assetsTestFixture.ts';
import { thresholdRule } from '../../modules/problemRules/problemRulesTestFixture.ts';
import { problemAutomations, notifications } from '../../platform/db/problemsSchema.ts';
import { agentKeys, assetArtifacts, metrics, roles } from '../../platform/db/schema.ts';
import { buildCompany, buildUser, providerCompany } from '../factories.ts';
import type { TestServer } from '../testServer.ts';
import type { SharedKind, TenantKind } from './tenancyKinds.ts';

/**
 * Texts put in every name, title and text of a victim's objects, so that a leak shows in any answer: `company`
 * in the company's own objects (users of the company may see them), `asset` in what hangs off its assets (only
 * users whose access groups reach the asset may). VALUE_MARK is the victim's telemetry reading.
 */
export const MARKS = { company: 'Tnycoq', asset: 'Tnyasq' } as const;
export const VALUE_MARK = 7777.125;

export type User = Awaited<ReturnType<typeof buildUser>>;

/** The ids of one of every kind of object a tenant owns, and its users and agent key. */
export interface Tenant {
  companyId: number;
  ids: Record<TenantKind, number | string>;
  admin: User;
  operator: User;
  agentKey: string;
  /** Live paths of its unit's metrics, as a browser subscribes to them. */
  livePaths: string[];
}

const OWNER = 1;
const REQUESTER = 0;

/** The first `key` in an answer's body, however deep (some calls wrap the object they made). */
function findId(body: unknown, key: string): number | undefined {
  if (Array.isArray(body)) return body.map((item) => findId(item, key)).find((id) => id !== undefined);
  if (typeof body !== 'object' || body === null) return undefined;
  const entries = Object.entries(body);
  const own = entries.find(([name, value]) => name === key && typeof value === 'number')?.[1];
  if (typeof own === 'number') return own;
  return entries.map(([, value]) => findId(value, key)).find((id) => id !== undefined);
}

const idOf = (key: string, answer: { status: number; body: unknown }): number => {
  const id = answer.status === 200 ? findId(answer.body, key) : undefined;
  if (id === undefined) throw new Error(`fixture: no ${key}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return id;
};

async function issueAgentKey(server: TestServer, assetId: number): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  await server.database.db
    .insert(agentKeys)
    .values({ assetId, keyHash: hashAgentKey(key), label: 'tenancy' });
  return key;
}

async function metricByAlias(server: TestServer, alias: string) {
  const [row] = await server.database.db.select().from(metrics).where(eq(metrics.alias, alias));
  if (!row) throw new Error(`demo metric ${alias} missing`);
  return row;
}

/** What every tenant shares: the provider, its staff, the metric catalogue. Made once per database. */
export async function buildTenancyWorld(server: TestServer) {
  const db = server.database.db;
  await providerCompany(db);
  await seedMetricCatalogue(db);
  const providerAdmin = await buildUser(db, { companyId: 1, roles: ['Provider Administrator'] });
  const technician = await buildUser(db, { companyId: 1, roles: ['Provider Service Technician'] });
  const [operatorRole] = await db.select().from(roles).where(eq(roles.name, 'Customer Operator'));
  const setpoint = await metricByAlias(server, 'temperature.supplyAirSetpoint');
  const supplyAir = await metricByAlias(server, 'temperature.supplyAir');
  const shared: Record<SharedKind, number | string | undefined> = {
    assetType: ASSET_TYPE.unit,
    metric: setpoint.metricId,
    role: operatorRole?.roleId,
    timeZone: 'Europe/Berlin',
    ticketStatus: undefined,
    freeText: undefined,
  };
  return { api: apiAs(server), providerAdmin, technician, shared, supplyAir, setpoint };
}
export type TenancyWorld = Awaited<ReturnType<typeof buildTenancyWorld>>;

/**
 * One of every object a customer company can own, made as the console makes them (over HTTP, as the provider
 * or the company's administrator), on a site of its own: in a new company, or in `companyId` (a second site of
 * the victim, in the access groups of its limited users). Rows no call makes are written to their tables.
 */
export async function buildTenant(
  server: TestServer,
  world: TenancyWorld,
  options: { marks: { company: string; asset: string }; companyId?: number; label: string },
): Promise<Tenant> {
  const db = server.database.db;
  const { api, providerAdmin, technician } = world;
  const co = (text: string) => `${options.marks.company}${text}`;
  const as = (text: string) => `${options.marks.asset}${text}`;
  const post = (user: User, path: string, body: unknown) => api(user, 'POST', path, body);
  const companyId =
    options.companyId ?? (await buildCompany(db, { name: co(`Company ${options.label}`) })).companyId;

  const add = (assetTypeId: number, parentAssetId: number | null, name: string) =>
    makeAsset(db, { companyId, assetTypeId, parentAssetId, name: as(`${options.label} ${name}`) });
  const site = await add(ASSET_TYPE.site, null, 'Site');
  const building = await add(ASSET_TYPE.building, site, 'Building');
  const hall = await add(ASSET_TYPE.datahall, building, 'Hall');
  const unit = await add(ASSET_TYPE.unit, hall, 'CRAH');
  const agent = await add(ASSET_TYPE.agent, hall, 'Agent');

  const admin = await buildUser(db, {
    companyId,
    roles: ['Customer Administrator'],
    name: co(`${options.label} Admin`),
  });
  const operator = await buildUser(db, {
    companyId,
    roles: ['Customer Operator'],
    name: co(`${options.label} Operator`),
  });
  await addAssetToDefaultGroups(db, site, [admin.userId, operator.userId]);
  const agentKey = await issueAgentKey(server, agent);

  const thresholdGroup = idOf(
    'thresholdGroupId',
    await post(providerAdmin, '/thresholdGroups.create', { companyId, name: co('Thresholds') }),
  );
  const problemRule = idOf(
    'problemRuleDefinitionId',
    await post(providerAdmin, '/problemRuleDefinitions.create', {
      ...thresholdRule(companyId),
      name: co('Rule'),
    }),
  );
  const monitorGroup = idOf(
    'monitorGroupId',
    await post(providerAdmin, '/monitorGroups.create', {
      companyId,
      name: co('Monitors'),
      problemRuleDefinitionIds: [problemRule],
    }),
  );
  const sharedViewAnswer = await post(admin, '/sharedViews.insert', {
    name: co('View'),
    type: 'PUBLISHED',
    data: { selectedAssets: [unit] },
  });
  const sharedView = idOf('sharedViewId', sharedViewAnswer);
  const sharedViewExternal = z.object({ externalId: z.string() }).parse(sharedViewAnswer.body).externalId;
  const webhook = idOf(
    'webhookId',
    await post(admin, '/webhooks.create', {
      companyId,
      name: co('Hook'),
      url: 'https://hooks.example.com/tenancy',
      levels: ['CRITICAL'],
      enabled: false,
    }),
  );
  const fileAttachment = idOf(
    'fileAttachmentId',
    await post(admin, '/fileAttachments.createAssetDataAttachmentUploadSignedUrl', {
      filename: `${co('readings')}.gz`,
      fileSizeInBytes: 100,
    }),
  );

  const assetNote = idOf(
    'assetNoteId',
    await post(providerAdmin, '/assets.notes.create', { assetId: unit, note: as('Note') }),
  );
  const [artifact] = await db
    .insert(assetArtifacts)
    .values({
      assetId: unit,
      artifactType: 'SYSTEM_METADATA',
      fileName: as('metadata.json'),
      contentType: 'application/json',
      filePath: `tenancy/${options.label}/metadata.json`,
      fileSizeInBytes: 2,
      metadata: { firmware: as('Firmware') },
    })
    .returning();
  const metricCommand = idOf(
    'commandId',
    await post(providerAdmin, '/metrics.commands.create', {
      assetId: unit,
      metricId: world.setpoint.metricId,
      action: 'set',
      value: 21,
      reason: as('Command'),
    }),
  );
  const problemAnswer = await post(providerAdmin, '/detectedProblems.createAdHoc', {
    assetId: unit,
    name: as('Problem'),
    level: 'CRITICAL',
  });
  const detectedProblem = idOf('detectedProblemId', problemAnswer);
  const adHocRule = idOf('problemRuleDefinitionId', problemAnswer);
  const automationAnswer = await post(providerAdmin, '/detectedProblems.enableAutomation', [
    {
      problemGroupKeys: [{ problemRuleDefinitionId: adHocRule, assetId: unit, groupingKey: null }],
      type: 'AUTO_MUTE',
      description: as('Automation'),
      expiredBy: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    },
  ]);
  if (automationAnswer.status !== 200) throw new Error(JSON.stringify(automationAnswer.body));
  const [automation] = await db
    .select()
    .from(problemAutomations)
    .where(eq(problemAutomations.description, as('Automation')));
  const maintenanceWindow = idOf(
    'assetMaintenanceWindowId',
    await post(providerAdmin, '/assets.createMaintenanceWindow', {
      assetId: unit,
      description: as('Maintenance'),
      timeWindow: {
        from: new Date(Date.now() + 3_600_000).toISOString(),
        to: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      },
      timeZoneId: 'Europe/Berlin',
    }),
  );
  const [notification] = await db
    .insert(notifications)
    .values({
      userId: admin.userId,
      companyId,
      assetId: unit,
      detectedProblemId: detectedProblem,
      kind: 'problem.opened',
      level: 'CRITICAL',
      title: as('Notification'),
      body: as('Notification body'),
    })
    .returning();

  const ticket = idOf(
    'ticketId',
    await post(providerAdmin, '/tickets.create', {
      companyId,
      title: as('Ticket'),
      description: as('Ticket text'),
      visibility: 'EXTERNAL',
      assetIds: [unit],
      users: [
        { userId: technician.userId, relationTypeEnumValue: OWNER },
        { userId: admin.userId, relationTypeEnumValue: REQUESTER },
      ],
    }),
  );
  const ticketComment = idOf(
    'commentId',
    await post(providerAdmin, '/tickets.comments.create', {
      ticketId: ticket,
      comment: as('Comment'),
      visibility: 'EXTERNAL',
    }),
  );
  const upload = await post(providerAdmin, '/tickets.attachments.createUpload', {
    ticketId: ticket,
    filename: `${as('photo')}.txt`,
    fileSizeInBytes: 5,
    contentType: 'text/plain',
    description: as('Attachment'),
  });
  const ticketAttachment = idOf('ticketAttachmentId', upload);
  const uploadUrl = z.object({ uploadUrl: z.string() }).parse(upload.body).uploadUrl;
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    body: 'hello',
    headers: { 'content-type': 'text/plain' },
  });
  if (!put.ok) throw new Error(`fixture: attachment not uploaded: ${await put.text()}`);
  const ticketConsumable = idOf(
    'ticketConsumableId',
    await post(providerAdmin, '/tickets.consumables.create', {
      ticketId: ticket,
      type: 'PART',
      displayName: as('Filter'),
      itemId: null,
      quantity: 2,
      salesPrice: 40,
    }),
  );
  const timeEntry = idOf(
    'timeEntryId',
    await api(technician, 'POST', '/tickets/timeEntries', {
      ticketId: ticket,
      date: new Date().toISOString().slice(0, 10),
      duration: { hours: 1, minutes: 0 },
      laborCodeEnumKey: 'other',
      description: as('Work'),
    }),
  );

  await sendAgentData(server, world, { agentKey, unit, label: as('Log') });
  return {
    companyId,
    admin,
    operator,
    agentKey,
    livePaths: [livePath(unit, world.supplyAir.metricId)],
    ids: {
      company: companyId,
      user: admin.userId,
      asset: unit,
      assetNote,
      assetArtifact: artifact?.assetArtifactIndexId ?? 0,
      metricCommand,
      detectedProblem,
      problemAutomation: automation?.problemAutomationId ?? 0,
      maintenanceWindow,
      notification: notification?.notificationId ?? 0,
      thresholdGroup,
      problemRule,
      monitorGroup,
      sharedView,
      sharedViewExternal,
      webhook,
      fileAttachment,
      ticket,
      ticketComment,
      ticketAttachment,
      ticketConsumable,
      timeEntry,
    },
  };
}

/** A reading (VALUE_MARK) and a log line of the tenant's unit, through its own agent's key. */
async function sendAgentData(
  server: TestServer,
  world: TenancyWorld,
  input: { agentKey: string; unit: number; label: string },
) {
  const send = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-agent-key': input.agentKey },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok || text.includes('"rejected":[{')) throw new Error(`fixture: ${path}: ${text}`);
  };
  const ts = Date.now() - 60_000;
  await send('/telemetry.ingest', {
    points: [{ assetId: input.unit, metricId: world.supplyAir.metricId, ts, value: VALUE_MARK }],
  });
  await send('/deviceLogs.ingest', {
    records: [{ assetId: input.unit, ts, level: 'ERROR', source: 'controller', message: input.label }],
  });
}
