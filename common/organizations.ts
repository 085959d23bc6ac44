import { z } from 'zod';
import { pageInfoSchema, pageQuerySchema, searchTextSchema } from './pagination';

export const COLLABORATION_LINK_MESSAGE = 'Collaboration link needs to be a URL.';
export const LAST_ADMIN_MESSAGE =
  'A working group needs at least one admin: make another member an admin first.';

export const ORGANIZATION_LIMITS = { nameMax: 200, descriptionMax: 5000, linkMax: 2000 } as const;

/** The viewer's relation to a group: a level, a pending request, or nothing. */
export const membershipSchema = z.enum(['admin', 'member', 'pending']).nullable();
export type Membership = z.infer<typeof membershipSchema>;

export const memberLevelSchema = z.enum(['member', 'admin']);
export type MemberLevel = z.infer<typeof memberLevelSchema>;

const httpUrl = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(
    ORGANIZATION_LIMITS.linkMax,
    `Collaboration link must be at most ${ORGANIZATION_LIMITS.linkMax} characters.`,
  )
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, COLLABORATION_LINK_MESSAGE);

export const organizationInputSchema = z
  .object({
    name: z
      .string({ error: 'Required' })
      .trim()
      .min(1, 'Required')
      .max(
        ORGANIZATION_LIMITS.nameMax,
        `Name must be at most ${ORGANIZATION_LIMITS.nameMax} characters.`,
      ),
    collaborationLink: httpUrl,
    description: z
      .string()
      .trim()
      .max(
        ORGANIZATION_LIMITS.descriptionMax,
        `Description must be at most ${ORGANIZATION_LIMITS.descriptionMax} characters.`,
      )
      .default(''),
  })
  .strict();
export type OrganizationInput = z.input<typeof organizationInputSchema>;

export const organizationSortSchema = z.enum(['name', '-name', 'createdOn', '-createdOn']);

export const organizationListQuerySchema = pageQuerySchema.extend({
  search: searchTextSchema.optional(),
  sort: organizationSortSchema.default('name'),
  /** Only groups the viewer belongs to (or asked to join). */
  mine: z.enum(['true', 'false']).optional(),
});
export type OrganizationListQuery = z.input<typeof organizationListQuerySchema>;

export const organizationSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  profiles: z.number().int(),
  members: z.number().int(),
  createdOn: z.string().nullable(),
  membership: membershipSchema,
});
export type OrganizationSummary = z.infer<typeof organizationSummarySchema>;

export const organizationListSchema = z.object({
  success: z.literal(true),
  organizations: z.array(organizationSummarySchema),
  ...pageInfoSchema.shape,
});
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const organizationSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  collaborationLink: z.string(),
  createdOn: z.string().nullable(),
  createdBy: z.string().nullable(),
  profileCount: z.number().int(),
  memberCount: z.number().int(),
  /** Only for the group's admins (and site admins); null otherwise. */
  apiKeyCount: z.number().int().nullable(),
  membership: membershipSchema,
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationResponseSchema = z.object({
  success: z.literal(true),
  organization: organizationSchema,
});
export type OrganizationResponse = z.infer<typeof organizationResponseSchema>;

export const memberUserSchema = z.object({
  uuid: z.string(),
  username: z.string().nullable(),
  /** The name if its owner made it public, else the username. */
  fullname: z.string(),
  /** Only group admins and site admins see addresses. */
  email: z.string().nullable(),
});

export const memberSchema = z.object({
  user: memberUserSchema,
  /** null for a pending request. */
  level: memberLevelSchema.nullable(),
  since: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.object({
  success: z.literal(true),
  members: z.array(memberSchema),
  /** Pending requests; only group admins see them. */
  requests: z.array(memberSchema),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const addMemberSchema = z
  .object({ userId: z.uuid('Choose a user.'), level: memberLevelSchema.default('member') })
  .strict();
export const memberLevelInputSchema = z.object({ level: memberLevelSchema }).strict();

export const userSearchQuerySchema = z.object({
  search: searchTextSchema.min(1, 'Required'),
  /** The group being added to: its members and requesters are left out. */
  organization: z.uuid(),
});
export const userSearchResultSchema = z.object({
  success: z.literal(true),
  users: z.array(
    z.object({ _id: z.string(), username: z.string().nullable(), fullname: z.string() }),
  ),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
export const USER_SEARCH_LIMIT = 8;

/** The signed-in user's own groups and requests, for My Account. */
export const myOrganizationsSchema = z.object({
  success: z.literal(true),
  organizations: z.array(
    z.object({ uuid: z.string(), name: z.string(), membership: membershipSchema }),
  ),
});
export type MyOrganizations = z.infer<typeof myOrganizationsSchema>;
