import type { MemberLevel, Membership } from '../../common/organizations';

/** A stored date as the reader's locale writes it, or 'Unknown' when there is none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return 'Unknown';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Unknown' : date.toLocaleDateString();
}

export const LEVEL_LABELS: Record<MemberLevel, string> = {
  member: 'Member',
  admin: 'Group Admin',
};

export const LEVEL_OPTIONS = (Object.keys(LEVEL_LABELS) as MemberLevel[]).map((level) => ({
  value: level,
  label: LEVEL_LABELS[level],
}));

export const isMemberLevel = (value: unknown): value is MemberLevel =>
  value === 'member' || value === 'admin';

export const isMembership = (membership: Membership): membership is MemberLevel =>
  isMemberLevel(membership);
