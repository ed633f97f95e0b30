import { Box } from "@chakra-ui/react/box";
import { Text } from "@chakra-ui/react/text";
import type { Lead } from "@crawlguard/validators";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { leadOptionLabel, searchableLeads, searchLeadOptions } from "./lead-search";
import { Input } from "../../components/form-controls";

type LeadComboboxProps = {
  /** The leads offered (already the bookable ones, in display order). */
  leads: readonly Lead[];
  /** The chosen lead's id; "" is "New Client". */
  value: string;
  onChange: (leadId: string) => void;
  /** The chosen lead when it is not (or not yet) in `leads`. */
  selected?: Lead | undefined;
  newClientLabel?: string;
  name?: string;
};

const NEW_CLIENT = "";

/**
 * The existing-lead picker of the booking dialogs: a text box that filters the leads by name,
 * email, phone or address as you type, and a list of "New Client" plus the first fifty matches
 * (WAI-ARIA combobox with a listbox popup: arrows move, Enter chooses, Escape closes the list
 * without closing the dialog). With 2,000 leads a keystroke is one pass over prepared strings
 * and at most 51 options are drawn, so typing stays instant.
 *
 * Must be rendered inside a `FormField` (its label names the text box).
 */
export function LeadCombobox({ leads, value, onChange, selected, newClientLabel = "New Client", name }: LeadComboboxProps) {
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const chosen = value ? (selected?.id === value ? selected : leads.find((lead) => lead.id === value)) : undefined;
  const chosenLabel = chosen ? leadOptionLabel(chosen) : "";

  const [open, setOpen] = useState(false);
  const [text, setText] = useState(chosenLabel);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  // When the choice changes from outside (preselected lead, reset), show it.
  useEffect(() => {
    if (!open) setText(chosenLabel);
  }, [chosenLabel, open]);

  const prepared = useMemo(() => searchableLeads(leads), [leads]);
  // Filtering is one pass over prepared strings (well under a millisecond for 2,000 leads), so it
  // runs with each keystroke: the list never lags behind what Enter would choose.
  const { matches, total } = useMemo(() => searchLeadOptions(prepared, query), [prepared, query]);
  const options = useMemo(
    () => [{ id: NEW_CLIENT, label: newClientLabel }, ...matches.map((m) => ({ id: m.lead.id, label: m.label }))],
    [matches, newClientLabel],
  );
  const activeIndex = Math.min(active, options.length - 1);

  const close = () => {
    setOpen(false);
    setQuery("");
    setText(chosenLabel);
  };

  const choose = (id: string) => {
    onChange(id);
    setOpen(false);
    setQuery("");
    const lead = leads.find((l) => l.id === id) ?? (selected?.id === id ? selected : undefined);
    setText(lead ? leadOptionLabel(lead) : "");
  };

  const openList = () => {
    if (open) return;
    setOpen(true);
    setQuery("");
    const index = options.findIndex((option) => option.id === value);
    setActive(index === -1 ? 0 : index);
  };

  // Escape closes the open list, not the dialog: the dialog listens on the document in the
  // capture phase, so the list's own handler must run before it, on the window.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || document.activeElement !== inputRef.current) return;
      event.preventDefault();
      close();
    };
    window.addEventListener("keydown", onKeyDown, { capture: true });
    return () => window.removeEventListener("keydown", onKeyDown, { capture: true });
  });

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[id="${CSS.escape(optionId(activeIndex))}"]`)?.scrollIntoView({ block: "nearest" });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList();
        else setActive(Math.min(activeIndex + 1, options.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (open) setActive(Math.max(activeIndex - 1, 0));
        break;
      case "Home":
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case "End":
        if (open) {
          event.preventDefault();
          setActive(options.length - 1);
        }
        break;
      case "Enter":
        // Enter chooses from the open list; it must not submit the dialog's form.
        if (open) {
          event.preventDefault();
          const option = options[activeIndex];
          if (option) choose(option.id);
        }
        break;
      case "Tab":
        if (open) close();
        break;
    }
  };

  const shownCount = options.length - 1;
  const status =
    total === 0
      ? "No lead matches. New Client is still available."
      : shownCount < total
        ? `Showing ${shownCount} of ${total.toLocaleString("en-US")} leads. Type to narrow the list.`
        : `${total.toLocaleString("en-US")} ${total === 1 ? "lead" : "leads"}`;

  return (
    <Box position="relative">
      <Input
        ref={inputRef}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={newClientLabel}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setQuery(event.target.value);
          // Typing looks for a lead: the first match is the one Enter takes.
          setActive(event.target.value.trim() ? 1 : 0);
          setOpen(true);
        }}
        // Not on focus: the dialog focuses this box when it opens, and a list opened then would
        // cover the form and take the first Escape meant for the dialog.
        onClick={openList}
        onBlur={(event) => {
          // A click in the list keeps focus in the box (options prevent mousedown), so a blur
          // that ends outside both is leaving the picker.
          if (!listRef.current?.contains(event.relatedTarget)) close();
        }}
        onKeyDown={onKeyDown}
      />
      <Box
        display={open ? "block" : "none"}
        position="absolute"
        zIndex="dropdown"
        insetX="0"
        top="calc(100% + var(--chakra-spacing-1))"
        bg="bg.panel"
        borderWidth="1px"
        rounded="l2"
        boxShadow="md"
        overflow="hidden"
      >
        <Box
          as="ul"
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Leads"
          maxH="64"
          overflowY="auto"
          py="1"
          listStyleType="none"
          m="0"
        >
          {open
            ? options.map((option, index) => (
                <Box
                  as="li"
                  key={option.id || "new-client"}
                  id={optionId(index)}
                  role="option"
                  aria-selected={option.id === value}
                  px="3"
                  py="2"
                  cursor="pointer"
                  textStyle="sm"
                  fontWeight={option.id === NEW_CLIENT ? "semibold" : undefined}
                  bg={index === activeIndex ? "bg.emphasized" : undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => choose(option.id)}
                >
                  {option.label}
                </Box>
              ))
            : null}
        </Box>
        <Text px="3" py="1.5" textStyle="xs" color="fg.muted" borderTopWidth="1px" role="status">
          {open ? status : ""}
        </Text>
      </Box>
    </Box>
  );
}
