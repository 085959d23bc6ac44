import { ErrorCode } from '../../../common/errors';
import type { JsonObject } from '../../../xapi/index';
import type { Db } from '../../db/client';
import type { ItemRow } from '../../db/schema';
import { AppError } from '../errors';
import type { VersionAccess } from '../profiles/access';
import { checkDocument } from '../profiles/document';
import { versionDocument } from '../profiles/publishing';
import { knownItemsFor, LISTS, listOf } from '../item-store/known-items';

type Json = Record<string, unknown>;

export interface ItemCheckInput {
  access: VersionAccess;
  kind: ItemRow['kind'];
  content: Json;
  generatedAt: string;
  /** The item's name in the refusal: 'concept', 'statement template', 'pattern'. */
  label: string;
  /**
   * The item as stored before this change, if it existed: what it already broke (an imported
   * item reusing a profile this server does not have, say) does not refuse an unrelated edit.
   */
  previous?: Json | undefined;
}

/**
 * Checks one item inside its version's document with `xapi/` (authoring mode): the findings on
 * that item refuse the save, with paths relative to the item.
 */
export async function checkItemInDocument(tx: Db, input: ItemCheckInput): Promise<void> {
  const document = await versionDocument(tx, {
    profile: input.access.profile,
    version: input.access.version,
    organization: input.access.organization,
    generatedAt: input.generatedAt,
  });
  const key = LISTS[input.kind];
  const items = listOf(document, key).slice() as JsonObject[];
  let index = items.findIndex((c) => c.id === input.content.id);
  if (index === -1) index = items.push(input.content as JsonObject) - 1;
  else items[index] = input.content as JsonObject;
  const at = `/${key}/${index}`;
  const findingsWith = async (item: Json) => {
    const list = items.slice();
    list[index] = item as JsonObject;
    const candidate = { ...document, [key]: list };
    const { errors } = await checkDocument(candidate, 'authoring', [
      await knownItemsFor(tx, candidate),
    ]);
    return errors.filter((f) => f.path === at || f.path.startsWith(`${at}/`));
  };
  const before = input.previous
    ? new Set((await findingsWith(input.previous)).map((f) => `${f.ruleId} ${f.path} ${f.message}`))
    : new Set<string>();
  const mine = (await findingsWith(input.content)).filter(
    (f) => !before.has(`${f.ruleId} ${f.path} ${f.message}`),
  );
  if (mine.length > 0) {
    throw new AppError(
      400,
      ErrorCode.ValidationFailed,
      `The ${input.label} has ${mine.length} problem${mine.length === 1 ? '' : 's'}: ${mine[0]?.message ?? ''}`,
      { findings: mine.map((f) => ({ ...f, path: f.path.slice(at.length) })) },
    );
  }
}
