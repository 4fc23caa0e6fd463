/**
 * Tabs: panels of one page shown one at a time, on Radix's Tabs primitive (decision 0032). A named tab list; the
 * arrow keys move between tabs (Home and End to the first and last) and select the one focused; Tab moves on to
 * the panel. Only for panels of one page: sections that have their own address (Queue and History, Assets and
 * NFTs, the settings sections) are links with `aria-current`, so they can be bookmarked and opened in a new tab
 * (decision 0038).
 */
import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  /** Stable key of the tab (not shown). */
  value: string;
  /** The tab's name. */
  label: string;
  content: ReactNode;
}

export interface TabsProps {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem[];
  /** The selected tab, when the caller keeps it; otherwise `defaultValue` (the first tab without one). */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}

export function Tabs({ label, items, value, defaultValue, onValueChange, className }: TabsProps) {
  const controlled = value === undefined ? { defaultValue: defaultValue ?? items[0]?.value } : { value };
  return (
    <RadixTabs.Root {...controlled} {...(onValueChange ? { onValueChange } : {})} className={className ? `ui-tabs ${className}` : 'ui-tabs'}>
      <RadixTabs.List aria-label={label} className="ui-tabs-list">
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="ui-tabs-trigger">
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className="ui-tabs-panel">
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
