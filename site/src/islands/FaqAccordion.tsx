import { type KeyboardEvent, useState } from 'react';
import type { FaqGroup } from '../content/faq.ts';
import '../styles/faq.css';
import { SvgIcon } from './SvgIcon.tsx';

interface Props {
  groups: readonly FaqGroup[];
  /** Prefix for element ids, unique per accordion on a page. */
  idPrefix: string;
  /** Show each group's title as a heading (the FAQ page) or not (a single short list). */
  showGroupTitles?: boolean;
  /** Heading level of the questions; group titles are one level above. */
  questionLevel?: 3 | 4;
}

function itemId(prefix: string, group: number, item: number): string {
  return `${prefix}-${group}-${item}`;
}

/**
 * docs/requirements.md#faq: questions toggle independently, several may be open, and initially only the first
 * question of the first group is open. WAI-ARIA accordion pattern: each question is a button in a
 * heading, with aria-expanded and aria-controls; ArrowUp/ArrowDown/Home/End move between questions.
 */
export function FaqAccordion({ groups, idPrefix, showGroupTitles = true, questionLevel = 3 }: Props) {
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set([itemId(idPrefix, 0, 0)]));

  const toggle = (id: string) => {
    setOpenIds((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches('button.faq-item__trigger')) return;
    const triggers = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button.faq-item__trigger')];
    const index = triggers.indexOf(target as HTMLButtonElement);
    const last = triggers.length - 1;
    const nextIndex: Record<string, number> = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const destination = nextIndex[event.key];
    if (destination === undefined) return;
    event.preventDefault();
    triggers[destination]?.focus();
  };

  const Question = `h${questionLevel}` as const;
  const GroupTitle = `h${questionLevel - 1}` as 'h2' | 'h3';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keydown only delegates arrow keys between the question buttons inside
    <div className="faq" onKeyDown={moveFocus}>
      {groups.map((group, groupIndex) => (
        <div key={group.title} className="faq-group">
          {showGroupTitles && <GroupTitle className="faq-group__title">{group.title}</GroupTitle>}
          <div className="faq-group__items">
            {group.items.map((item, index) => {
              const id = itemId(idPrefix, groupIndex, index);
              const isOpen = openIds.has(id);
              return (
                <div key={id} className="faq-item" data-open={isOpen || undefined}>
                  <Question className="faq-item__heading">
                    <button
                      type="button"
                      id={`${id}-trigger`}
                      className="faq-item__trigger"
                      aria-expanded={isOpen}
                      aria-controls={`${id}-panel`}
                      onClick={() => toggle(id)}
                    >
                      <span>{item.question}</span>
                      <SvgIcon name="chevronDown" size={20} className="faq-item__chevron" />
                    </button>
                  </Question>
                  <div id={`${id}-panel`} className="faq-item__panel" hidden={!isOpen}>
                    {item.answer.map((paragraph) => (
                      <p key={paragraph}>{paragraph}</p>
                    ))}
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
