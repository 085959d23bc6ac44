import { Anchor, Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A small, safe Markdown: paragraphs, line breaks, **bold**, *italic*, `code`, links to http(s)
 * addresses and `@username` mentions. It builds React elements from the text and never HTML, so
 * nothing a person writes can become markup or script.
 */
const INLINE =
  /(\*\*[^*\n]+\*\*|\*[^*\n]+\*|`[^`\n]+`|\[[^\]\n]+\]\(https?:\/\/[^\s)]+\)|(?<![\w@.-])@[A-Za-z0-9](?:[A-Za-z0-9_-]*[A-Za-z0-9])?)/g;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const token = match[0];
    const at = match.index;
    if (at > last) out.push(text.slice(last, at));
    const k = `${key}-${n++}`;
    if (token.startsWith('**')) out.push(<strong key={k}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith('`')) out.push(<Code key={k}>{token.slice(1, -1)}</Code>);
    else if (token.startsWith('*')) out.push(<em key={k}>{token.slice(1, -1)}</em>);
    else if (token.startsWith('[')) {
      const split = token.indexOf('](');
      out.push(
        <Anchor key={k} href={token.slice(split + 2, -1)} rel="noopener noreferrer nofollow">
          {token.slice(1, split)}
        </Anchor>,
      );
    } else
      out.push(
        <Text key={k} span fw={600} c="blue.8">
          {token}
        </Text>,
      );
    last = at + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim() !== '');
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <Text
          key={i}
          size="sm"
          mb={i < paragraphs.length - 1 ? 'xs' : 0}
          style={{ overflowWrap: 'anywhere' }}
        >
          {paragraph
            .split('\n')
            .flatMap((line, j) => [
              ...(j > 0 ? [<br key={`br-${i}-${j}`} />] : []),
              ...inline(line, `${i}-${j}`),
            ])}
        </Text>
      ))}
    </>
  );
}
