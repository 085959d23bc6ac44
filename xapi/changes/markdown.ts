import type { ChangeSet, FieldChange, ItemChange } from './types.js';
import { CHANGE_LABELS, KIND_HEADINGS, typeLabel, VERSION_PARTS } from './words.js';

type Described = Pick<FieldChange, 'field' | 'description' | 'impact'>;
type DescribedItem = Omit<ItemChange, 'fields'> & { fields: Described[] };

/** What the renderer reads of a change set: its JSON form (values before and after) will do. */
export type ChangelogInput = Omit<ChangeSet, 'profile' | 'items'> & {
  profile: Described[];
  items: DescribedItem[];
};

/** Text safe inside Markdown: characters that would start markup are escaped, line breaks folded. */
export function escapeMarkdown(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>|])/g, '\\$1');
}

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

function itemLine(item: DescribedItem): string[] {
  const rename = item.previousId ? ` (was ${code(item.previousId)})` : '';
  const lines = [
    `- **${CHANGE_LABELS[item.change]}** (${item.impact}) ${typeLabel(item.type)} “${escapeMarkdown(item.label)}” — ${code(item.id)}${rename}`,
  ];
  for (const field of item.fields) {
    if (item.change === 'renamed' && field.field === 'id') continue;
    lines.push(`  - ${escapeMarkdown(field.description)} _(${field.impact})_`);
  }
  return lines;
}

/**
 * A change set as a Markdown changelog a working group can paste into release notes: a summary
 * with the suggested version number, warnings, the profile's own changes, then items by kind.
 */
export function renderChangelog(changes: ChangelogInput): string {
  const from = changes.from.version ?? changes.from.id ?? 'the older version';
  const to = changes.to.version ?? changes.to.id ?? 'the newer version';
  const bump = changes.suggestedVersion;
  // A heading "to 2.0.0" above "Suggested version number: 1.1.0" contradicts itself: when the newer
  // version's own number is not the one its changes call for, the heading names only the start
  // and the number it carries is shown beside the suggestion.
  const numbered = changes.to.version;
  const disagrees =
    bump.next !== null && numbered !== null && bump.next !== numbered && changes.impact !== 'none';
  const out: string[] = [
    disagrees
      ? `# Changes in ${escapeMarkdown(changes.to.label)} since ${escapeMarkdown(from)}`
      : `# Changes in ${escapeMarkdown(changes.to.label)} from ${escapeMarkdown(from)} to ${escapeMarkdown(to)}`,
    '',
  ];
  const { byImpact } = changes.counts;
  if (changes.impact === 'none') {
    out.push('The two versions have the same content.', '');
    return out.join('\n');
  }
  out.push(
    `**${byImpact.breaking} breaking, ${byImpact.additive} additive, ${byImpact.editorial} editorial** changes.`,
    '',
  );
  if (bump.next)
    out.push(
      `Suggested version number: **${bump.next}** (${VERSION_PARTS[bump.part]}). ${escapeMarkdown(bump.reason)}` +
        (disagrees
          ? ` The newer version is numbered ${escapeMarkdown(numbered)}, which is not the number these changes call for.`
          : ''),
      '',
    );
  else
    out.push(`Suggested change: ${VERSION_PARTS[bump.part]}. ${escapeMarkdown(bump.reason)}`, '');
  if (changes.warnings.length > 0) {
    out.push('## Warnings', '');
    for (const warning of changes.warnings) out.push(`- ${escapeMarkdown(warning.message)}`);
    out.push('');
  }
  if (changes.profile.length > 0) {
    out.push('## Profile', '');
    for (const field of changes.profile)
      out.push(`- ${escapeMarkdown(field.description)} _(${field.impact})_`);
    out.push('');
  }
  for (const kind of ['concept', 'template', 'pattern'] as const) {
    const items = changes.items.filter((i) => i.kind === kind);
    if (items.length === 0) continue;
    out.push(`## ${KIND_HEADINGS[kind]}`, '');
    for (const item of items) out.push(...itemLine(item));
    out.push('');
  }
  return out.join('\n');
}
