import { z } from 'zod';
import { commaSeparatedIds, idParam, okSchema, queryBoolean, dbId } from './common.ts';
import { endpoint } from './endpoint.ts';
import { userSchema } from './users.ts';

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

export const userFieldsSchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.email('Enter a valid email address').max(320),
  role: optionalText(100),
  primaryPhone: optionalText(50),
  secondaryPhone: optionalText(50),
  location: optionalText(200),
});

export const roleSchema = z.object({
  roleId: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The permission names the role grants. */
  permissions: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

export const auditEventSchema = z.object({
  eventId: z.number().int(),
  name: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  subjectType: z.string(),
  subjectId: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const userRoleBody = z.strictObject({
  userId: dbId,
  roleId: dbId,
});

export const userAdminEndpoints = {
  usersGet: endpoint({
    name: 'users.get',
    method: 'GET',
    path: '/users/{id}',
    summary: 'One user.',
    auth: 'user',
    params: z.strictObject({ id: idParam }),
    output: userSchema,
  }),
  usersList: endpoint({
    name: 'users.list',
    method: 'GET',
    path: '/users',
    summary: 'Users the caller may read, filtered by ids and companies; deleted and system users on request.',
    auth: 'user',
    query: z.strictObject({
      userIds: commaSeparatedIds.optional(),
      companyIds: commaSeparatedIds.optional(),
      includeSystem: queryBoolean.optional(),
      includeDeleted: queryBoolean.optional(),
    }),
    output: z.array(userSchema),
  }),
  usersCreate: endpoint({
    name: 'users.create',
    method: 'POST',
    path: '/users.create',
    summary: 'Creates a user in a company, with roles and, for the embedded sign-in, an initial password.',
    auth: 'user',
    body: userFieldsSchema.extend({
      companyId: dbId,
      roleIds: z.array(dbId).max(50).default([]),
      password: z.string().min(12, 'The password needs at least 12 characters').max(200).optional(),
    }),
    output: userSchema,
  }),
  usersUpdate: endpoint({
    name: 'users.update',
    method: 'PUT',
    path: '/users.update',
    summary: "Updates a user's details.",
    auth: 'user',
    body: userFieldsSchema.extend({ userId: dbId }),
    output: userSchema,
  }),
  usersDelete: endpoint({
    name: 'users.delete',
    method: 'DELETE',
    path: '/users/{id}',
    summary: 'Soft-deletes a user: they can no longer sign in; their history stays.',
    auth: 'user',
    params: z.strictObject({ id: idParam }),
    output: okSchema,
  }),
  rolesList: endpoint({
    name: 'roles.list',
    method: 'GET',
    path: '/roles',
    summary: 'Every role that can be assigned, with the permissions it grants.',
    auth: 'user',
    output: z.array(roleSchema),
  }),
  rolesUsersList: endpoint({
    name: 'roles.users.list',
    method: 'POST',
    path: '/roles.users.list',
    summary: 'The roles of each user, keyed by user id. The body is the list of user ids.',
    auth: 'user',
    body: z.array(dbId).max(1000),
    output: z.record(z.string(), z.array(roleSchema)),
  }),
  rolesUsersAssign: endpoint({
    name: 'roles.users.assign',
    method: 'POST',
    path: '/roles.users.assign',
    summary: 'Gives a user a role.',
    auth: 'user',
    body: userRoleBody,
    output: okSchema,
  }),
  rolesUsersRemove: endpoint({
    name: 'roles.users.remove',
    method: 'POST',
    path: '/roles.users.remove',
    summary: 'Takes a role from a user.',
    auth: 'user',
    body: userRoleBody,
    output: okSchema,
  }),
  auditList: endpoint({
    name: 'audit.list',
    method: 'GET',
    path: '/audit/events',
    summary: 'The audit trail of one company, user or asset, newest first.',
    auth: 'user',
    query: z.strictObject({
      subjectType: z.enum(['company', 'user', 'asset']),
      subjectId: idParam,
      pageSize: z.coerce.number().int().min(1).max(200).default(50),
      pageNumber: z.coerce.number().int().min(0).default(0),
    }),
    output: z.object({
      content: z.array(auditEventSchema),
      pageable: z.object({
        totalSize: z.number().int(),
        pageSize: z.number().int(),
        pageNumber: z.number().int(),
      }),
    }),
  }),
};
