import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { livePath } from '@kelvin/contract';
import { ASSET_TYPE } from '@kelvin/domain';
import { addAssetToDefaultGroups } from '../../modules/access/accessGroupsRepository.ts';
import { makeAsset } from '../../modules/assets/assetsTestFixture.ts';
import { thresholdRule } from '../../modules/problemRules/problemRulesTestFixture.ts';
import { problemAutomations, notifications } from '../../platform/db/problemsSchema.ts';
import { assetArtifacts } from '../../platform/db/schema.ts';
import { buildCompany, buildUser } from '../factories.ts';
import type { TestServer } from '../testServer.ts';
import {
  finishCommands,
  idOf,
  issueAgentKey,
  postLogLine,
  postReading,
  type Tenant,
  type TenancyWorld,
  type User,
} from './tenancyWorld.ts';

const required = <T>(row: T | undefined, what: string): T => {
  if (row === undefined) throw new Error(`fixture: no ${what} written`);
  return row;
};

const OWNER = 1;
const REQUESTER = 0;

/**
 * One of every object a customer company can own, made as the console makes them (over HTTP, as the provider
 * or the company's administrator), on a site of its own: in a new company, or in `companyId` (a second site of
 * the victim, in the access groups of its limited users). Rows no call makes are written to their tables.
 */
export async function buildTenant(
  server: TestServer,
  world: TenancyWorld,
  options: {
    marks: { company: string; asset: string };
    /** Its unit's reading: VALUE_MARK for the victim only, so that a mark in an answer is the victim's. */
    reading: number;
    companyId?: number;
    label: string;
  },
): Promise<Tenant> {
  const db = server.database.db;
  const { api } = world;
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

  const context: TenantContext = { server, world, companyId, unit, admin, agentKey, co, as, post };
  const ids = {
    company: companyId,
    user: admin.userId,
    asset: unit,
    parentAsset: hall,
    ...(await buildCompanyObjects(context)),
    ...(await buildAssetObjects(context)),
    ...(await buildTicketObjects(context)),
  };
  await postReading(server, world, { agentKey, unit }, options.reading);
  await postLogLine(server, { agentKey, unit }, as('Log'));
  return {
    companyId,
    admin,
    operator,
    agentKey,
    unit,
    livePaths: [livePath(unit, world.supplyAir.metricId)],
    ids,
  };
}

/** What the object builders share: the tenant's company, unit and administrator, and its names' marks. */
interface TenantContext {
  server: TestServer;
  world: TenancyWorld;
  companyId: number;
  unit: number;
  admin: User;
  agentKey: string;
  /** A name with the company's mark, or the asset mark (see MARKS). */
  co: (text: string) => string;
  as: (text: string) => string;
  post: (user: User, path: string, body: unknown) => ReturnType<TenancyWorld['api']>;
}

/** The company's own objects: limits, rules, monitors, a shared view, a webhook, an upload, a contract, a warranty. */
async function buildCompanyObjects(context: TenantContext) {
  const { world, companyId, unit, admin, co, post } = context;
  const { providerAdmin } = world;
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
      url: 'https://hooks.example/tenancy',
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

  const contract = idOf(
    'contractId',
    await post(providerAdmin, '/contracts.create', {
      companyId,
      label: co('Contract'),
      managedStatus: 'MANAGED',
      paymentStatus: 'PAID',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      assetIds: [unit],
    }),
  );
  const warranty = idOf(
    'warrantyId',
    await post(providerAdmin, '/warranties.create', {
      companyId,
      assetIds: [unit],
      label: co('Warranty'),
      duration: 'P5Y',
      startDate: '2026-01-01',
      isSample: false,
      timeZoneId: 'Europe/Berlin',
    }),
  );

  return {
    thresholdGroup,
    problemRule,
    monitorGroup,
    sharedView,
    sharedViewExternal,
    webhook,
    fileAttachment,
    contract,
    warranty,
  };
}

/** What hangs off the unit: a note, an artifact, a command, a problem and its automation, maintenance, a notice. */
async function buildAssetObjects(context: TenantContext) {
  const { server, world, companyId, unit, admin, as, post } = context;
  const db = server.database.db;
  const { providerAdmin } = world;
  const assetNote = idOf(
    'assetNoteId',
    await post(providerAdmin, '/assets.notes.create', { assetId: unit, note: as('Note') }),
  );
  const [artifactRow] = await db
    .insert(assetArtifacts)
    .values({
      assetId: unit,
      artifactType: 'SYSTEM_METADATA',
      fileName: as('metadata.json'),
      contentType: 'application/json',
      filePath: `tenancy/${unit}/metadata.json`,
      fileSizeInBytes: 2,
      metadata: { firmware: as('Firmware') },
    })
    .returning();
  const assetArtifact = required(artifactRow, 'artifact').assetArtifactIndexId;
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
  // Taken and answered by the unit's agent at once: a command left waiting times out a minute later, and the
  // sweep's write would show in whichever request of the walk runs then.
  await finishCommands(server, context.agentKey);
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
  const [automationRow] = await db
    .select()
    .from(problemAutomations)
    .where(eq(problemAutomations.description, as('Automation')));
  const problemAutomation = required(automationRow, 'automation').problemAutomationId;
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
  const [notificationRow] = await db
    .insert(notifications)
    .values({
      userId: admin.userId,
      companyId,
      assetId: unit,
      detectedProblemId: detectedProblem,
      kind: 'OPENED',
      level: 'CRITICAL',
      title: as('Notification'),
      body: as('Notification body'),
    })
    .returning();
  const notification = required(notificationRow, 'notification').notificationId;

  return {
    assetNote,
    assetArtifact,
    metricCommand,
    detectedProblem,
    problemAutomation,
    maintenanceWindow,
    notification,
  };
}

/** A ticket on the unit with a comment, an attachment, a priced part and logged time. */
async function buildTicketObjects(context: TenantContext) {
  const { world, companyId, unit, admin, as, post } = context;
  const { providerAdmin, technician } = world;
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
    await world.api(technician, 'POST', '/tickets/timeEntries', {
      ticketId: ticket,
      date: new Date().toISOString().slice(0, 10),
      duration: { hours: 1, minutes: 0 },
      laborCodeEnumKey: 'other',
      description: as('Work'),
    }),
  );

  const formAttachment = await buildFormObjects(context, ticket);
  const schedule = await buildSchedule(context, ticket);
  return { ticket, ticketComment, ticketAttachment, ticketConsumable, timeEntry, formAttachment, schedule };
}

/** A site visit for the ticket on the unit, from an hour ago to an hour ahead, planned for the provider's technician. */
async function buildSchedule(context: TenantContext, ticket: number): Promise<number> {
  const { world, companyId, unit, co, as, post } = context;
  return idOf(
    'scheduleId',
    await post(world.providerAdmin, '/schedules.create', {
      companyId,
      type: 'siteVisit',
      title: co('Schedule'),
      notes: as('Schedule notes'),
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      timeZoneId: 'Europe/Berlin',
      resourceIds: [world.technician.userId],
      ticketId: ticket,
      assetIds: [unit],
    }),
  );
}

/** The catalogue form filled on the ticket's unit (a marked note and timer time) and a marked file on it. */
async function buildFormObjects(context: TenantContext, ticket: number): Promise<number> {
  const { server, world, unit, as, post } = context;
  const { technician, shared } = world;
  const saved = await post(technician, '/entities.forms.updateValues', {
    entityType: 'TICKET',
    entityId: ticket,
    formId: shared.form,
    assetId: unit,
    checkRequiredFormElementValues: true,
    formValues: [
      {
        formElementDefAssociationId: shared.formElementAssociation,
        formElementDefId: shared.formElementDef,
        formId: shared.form,
        value: { type: 'text', value: as('Form note') },
      },
    ],
    workTimeSheet: [
      { startTimestamp: new Date(Date.now() - 3_600_000).toISOString(), elapsedDuration: 'PT20M' },
    ],
  });
  if (saved.status !== 200) throw new Error(`fixture: form not saved: ${JSON.stringify(saved.body)}`);
  const data = new FormData();
  for (const [name, value] of Object.entries({
    formId: shared.form,
    entityType: 'TICKET',
    entityId: ticket,
    assetId: unit,
  }))
    data.append(name, String(value));
  data.append('upload', new Blob(['hello'], { type: 'text/plain' }), `${as('form-photo')}.txt`);
  data.append('description', as('Form attachment'));
  const response = await fetch(`${server.url}/api/entities.forms.createAttachment`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await server.mintIdToken(technician.identityId, { expiresIn: '1h' })}`,
    },
    body: data,
  });
  return idOf('formAttachmentId', { status: response.status, body: await response.json() });
}
