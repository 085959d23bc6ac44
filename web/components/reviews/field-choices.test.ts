import { describe, expect, it } from 'vitest';
import { fieldLabel, ITEM_FIELDS, itemFieldChoices } from './field-choices';

describe('the fields a discussion of an item can be about', () => {
  it('offers a concept’s name and definition in each of its languages', () => {
    const choices = itemFieldChoices({
      prefLabel: { en: 'paused', fr: 'en pause' },
      definition: { en: 'Stopped for a while.', fr: 'Arrêté un moment.' },
    });
    expect(choices).toEqual([
      { label: 'Name (English)', path: ['prefLabel', 'en'] },
      { label: 'Name (French)', path: ['prefLabel', 'fr'] },
      { label: 'Definition (English)', path: ['definition', 'en'] },
      { label: 'Definition (French)', path: ['definition', 'fr'] },
    ]);
  });

  it('offers each rule of a template by the location it checks, and its verb', () => {
    const choices = itemFieldChoices({
      prefLabel: { en: 'Scored' },
      verb: 'https://example.org/verbs/scored',
      rules: [
        { location: '$.result.score.raw', presence: 'included' },
        { location: '$.result.success', presence: 'included' },
      ],
    });
    expect(choices.slice(1)).toEqual([
      { label: 'Verb', path: ['verb'] },
      { label: 'Rule 1: $.result.score.raw', path: ['rules', '0'] },
      { label: 'Rule 2: $.result.success', path: ['rules', '1'] },
    ]);
  });

  it('offers the components of a pattern', () => {
    expect(
      itemFieldChoices({ prefLabel: { en: 'Session' }, sequence: ['a', 'b'] }).map((c) => c.label),
    ).toEqual(['Name (English)', 'Sequence']);
    expect(itemFieldChoices({ alternates: ['a'] })).toEqual([
      { label: 'Alternates', path: ['alternates'] },
    ]);
  });

  it('falls back to the name and definition in English when the content has neither', () => {
    expect(itemFieldChoices({})).toEqual(ITEM_FIELDS);
  });

  it('labels a thread’s field even when the item no longer has it', () => {
    expect(fieldLabel(['rules', '4'])).toBe('Rule 5');
    expect(fieldLabel(['definition', 'de'])).toBe('Definition (German)');
    expect(fieldLabel(['definition', 'not a tag!'])).toBe('Definition (not a tag!)');
    expect(fieldLabel(['extensions', 'x', 'y'])).toBe('extensions › x › y');
  });
});
