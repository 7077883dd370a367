// Request and response shapes of /api/admin/members: member accounts, temporary passwords and the CSV import.

import { z } from 'zod';
import { ROLES, USER_TYPES } from '../../constants';
import { ADMIN_MSG } from '../../admin-messages';
import { emailField, nameField } from '../user';
import { optionalParam, pageQuery } from './common';

export const adminMembersQuery = z.object({
  search: optionalParam(z.string().trim().max(120)),
  userType: optionalParam(z.enum(USER_TYPES, { error: ADMIN_MSG.memberUserTypeInvalid })),
  role: optionalParam(z.enum(ROLES, { error: ADMIN_MSG.memberRoleInvalid })),
  ...pageQuery,
});
export type AdminMembersQuery = z.input<typeof adminMembersQuery>;

export const adminMember = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  mustChangePassword: z.boolean(),
  /** False for an account made for someone else (a colleague, a team place, an import) whose owner has not chosen a password yet. */
  hasPassword: z.boolean(),
  createdAt: z.number(),
  paidOrders: z.number().int(),
});
export type AdminMember = z.infer<typeof adminMember>;

export const adminMembersResponse = z.object({
  success: z.literal(true),
  members: z.array(adminMember),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminMembersResponse = z.infer<typeof adminMembersResponse>;

export const adminMemberPatch = z
  .object({
    userType: z.enum(USER_TYPES, { error: ADMIN_MSG.memberUserTypeInvalid }).optional(),
    role: z.enum(ROLES, { error: ADMIN_MSG.memberRoleInvalid }).optional(),
  })
  .refine((v) => v.userType !== undefined || v.role !== undefined, {
    error: ADMIN_MSG.memberNothingToChange,
  });
export type AdminMemberPatch = z.input<typeof adminMemberPatch>;

export const adminMemberResponse = z.object({
  success: z.literal(true),
  member: adminMember,
  message: z.string().optional(),
});
export type AdminMemberResponse = z.infer<typeof adminMemberResponse>;

/** A member created by hand (the association's desk, on the phone): the server answers a temporary password. */
export const adminMemberCreateBody = z.object({
  name: nameField,
  email: emailField,
  userType: z.enum(USER_TYPES, { error: ADMIN_MSG.memberUserTypeInvalid }).default('general'),
});
export type AdminMemberCreateBody = z.input<typeof adminMemberCreateBody>;

/**
 * The temporary password, shown once: the server generates it (the client never chooses it)
 * and stores only its hash; the member must replace it at first login (docs/product.md → First login).
 */
export const adminTemporaryPasswordResponse = z.object({
  success: z.literal(true),
  member: adminMember,
  temporaryPassword: z.string(),
  message: z.string(),
});
export type AdminTemporaryPasswordResponse = z.infer<typeof adminTemporaryPasswordResponse>;

export const adminImportBody = z.object({
  csv: z.string({ error: ADMIN_MSG.importEmpty }).max(3_000_000, { error: ADMIN_MSG.importTooLarge }),
  /** Only report; never writes. */
  dryRun: z.boolean().default(false),
  /** Import the valid rows even though others have problems (the explicit confirmation). */
  onlyValid: z.boolean().default(false),
});
export type AdminImportBody = z.input<typeof adminImportBody>;

export const adminImportRow = z.object({
  line: z.number().int(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
});
export type AdminImportRow = z.infer<typeof adminImportRow>;

export const adminImportProblem = z.object({
  line: z.number().int(),
  email: z.string().nullable(),
  kind: z.enum(['error', 'duplicate']),
  reason: z.string(),
});
export type AdminImportProblem = z.infer<typeof adminImportProblem>;

export const adminImportResponse = z.object({
  success: z.literal(true),
  /** True when accounts were written by this call. */
  imported: z.boolean(),
  totalRows: z.number().int(),
  valid: z.array(adminImportRow),
  problems: z.array(adminImportProblem),
  created: z.number().int(),
  message: z.string(),
});
export type AdminImportResponse = z.infer<typeof adminImportResponse>;
