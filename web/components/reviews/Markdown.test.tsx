import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Markdown } from './Markdown';

describe('the discussion’s Markdown', () => {
  it('renders emphasis, code, http links and mentions, in paragraphs', () => {
    const { container } = renderWithProviders(
      <Markdown
        text={'**Bold** and *soft* with `code`.\n\nSee [the spec](https://example.org/spec) @ada_l'}
      />,
    );
    expect(container.querySelector('strong')).toHaveTextContent('Bold');
    expect(container.querySelector('em')).toHaveTextContent('soft');
    expect(container.querySelector('code')).toHaveTextContent('code');
    expect(screen.getByRole('link', { name: 'the spec' })).toHaveAttribute(
      'href',
      'https://example.org/spec',
    );
    expect(screen.getByText('@ada_l')).toBeInTheDocument();
    expect(container.querySelectorAll('p')).toHaveLength(2);
  });

  it('makes no markup of what a person writes: tags stay text and only http(s) links link', () => {
    const { container } = renderWithProviders(
      <Markdown
        text={'<script>alert(1)</script> <img src=x onerror=alert(1)> [click](javascript:alert(1))'}
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(container).toHaveTextContent('[click](javascript:alert(1))');
  });
});
