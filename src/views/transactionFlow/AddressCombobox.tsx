/**
 * An address field with suggestions from the signer's address book and the Safe's signers: the ARIA 1.2
 * combobox pattern (an input with role="combobox" and a listbox popup; arrow keys move, Enter picks, Escape
 * closes), names shown beside the addresses. Typing any address stays possible. Open/closed and the active
 * option are presentational state; the value belongs to the form.
 */
import { useId, useState } from 'react';
import { useAddressBookEntries } from '../addressBook/useAddressName.ts';
import { addressSuggestions } from './format.ts';
import { knownAddressText, lookAlikeOf, type KnownAddress } from '../../domain/safe/lookAlike.ts';

export interface AddressComboboxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  chainId: string;
  owners: readonly string[];
  describedBy?: string | undefined;
  invalid?: boolean;
}

const NO_ENTRIES: never[] = [];

export function AddressCombobox({ id, value, onChange, chainId, owners, describedBy, invalid = false }: AddressComboboxProps) {
  const entries = useAddressBookEntries() ?? NO_ENTRIES;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = addressSuggestions(value, entries, owners, chainId);
  const shown = open && options.length > 0;
  const exact = [...entries.filter((e) => e.chainId === chainId)].find((e) => e.address.toLowerCase() === value.trim().toLowerCase());
  const optionId = (i: number) => `${listId}-opt-${i}`;
  // Look-alike (S17): said as soon as it is typed or pasted; the review blocks signing whatever is done here.
  const known: KnownAddress[] = [
    ...entries.filter((e) => e.chainId === chainId).map((e): KnownAddress => ({ address: e.address as KnownAddress['address'], name: e.name, source: 'addressBook' })),
    ...owners.map((o): KnownAddress => ({ address: o as KnownAddress['address'], name: null, source: 'owner' })),
  ];
  const imitated = lookAlikeOf(value.trim(), known);
  const warningId = `${listId}-lookalike`;
  const described = [describedBy, imitated ? warningId : undefined].filter(Boolean).join(' ') || undefined;
  const pick = (address: string) => {
    onChange(address);
    setOpen(false);
    setActive(-1);
  };
  return (
    <div className="combo">
      <input
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-describedby={described}
        aria-invalid={invalid}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => (options.length === 0 ? -1 : i <= 0 ? options.length - 1 : i - 1));
          } else if (e.key === 'Enter' && shown && active >= 0) {
            e.preventDefault();
            pick(options[active]!.address);
          } else if (e.key === 'Escape' && shown) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <ul id={listId} role="listbox" aria-label="Suggested addresses" className="combo-list" hidden={!shown}>
        {options.map((o, i) => (
          <li
            key={o.address}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="combo-option"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(o.address)}
          >
            {o.name ? <span className="combo-option-name">{o.name}</span> : null}
            <span className="combo-option-address">{o.address}</span>
            <span className="muted">{o.source}</span>
          </li>
        ))}
      </ul>
      {exact ? <span className="combo-picked muted">In your address book as {exact.name}</span> : null}
      {imitated ? (
        <span id={warningId} className="combo-lookalike" role="alert">
          Look-alike address: it begins and ends like {knownAddressText(imitated)} but is different. Signing it will be blocked. Pick the address you know.
        </span>
      ) : null}
    </div>
  );
}
