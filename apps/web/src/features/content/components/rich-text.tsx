// Renders content blocks and the two inline markups of the content data (bold and links);
// internal links go through the router, external ones open in a new tab.
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from '../types';

const TOKEN = /(\*\*[^*]+\*\*|\[[^\]]+\]\([^)]+\))/g;

export function InlineText({ text }: { text: Inline }) {
  const parts = text.split(TOKEN).filter(Boolean);
  return (
    <>
      {parts.map((part, i) => {
        if (part.startsWith('**') && part.endsWith('**')) return <strong key={i}>{part.slice(2, -2)}</strong>;
        const link = /^\[([^\]]+)\]\(([^)]+)\)$/.exec(part);
        if (link) {
          const [, label, href] = link as unknown as [string, string, string];
          if (href.startsWith('/')) {
            return (
              <Link key={i} to={href}>
                {label}
              </Link>
            );
          }
          const external = href.startsWith('http');
          return (
            <a key={i} href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {label}
              {external && <span className="sr-only"> (se abre en una pestaña nueva)</span>}
            </a>
          );
        }
        return <Fragment key={i}>{part}</Fragment>;
      })}
    </>
  );
}

export function RichBlocks({ blocks }: { blocks: Block[] }): ReactNode {
  return blocks.map((b, i) => {
    switch (b.type) {
      case 'p':
        return (
          <p key={i}>
            <InlineText text={b.text} />
          </p>
        );
      case 'h3':
        return <h3 key={i}>{b.text}</h3>;
      case 'note':
        return (
          <p key={i} className="rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3 text-ink">
            <InlineText text={b.text} />
          </p>
        );
      case 'ul':
      case 'ol': {
        const List = b.type;
        return (
          <List key={i}>
            {b.items.map((item, j) => (
              <li key={j}>
                <InlineText text={item} />
              </li>
            ))}
          </List>
        );
      }
    }
  });
}
