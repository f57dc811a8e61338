import { ContextMenu, DropdownMenu } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { TITLE_MAX } from "~/lib/chat/index";
import type { Conversation } from "~/lib/chat-client";
import { formatCreatedDate } from "~/lib/chat-view";
import { MoreDots } from "./chat-icons";

const menuClasses = "z-50 min-w-[11rem] rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg";
const itemClasses = "flex cursor-default select-none items-center rounded px-2 py-1.5 outline-none data-[highlighted]:bg-slate-100";

/**
 * The field that replaces a title while renaming: Enter and blur save, Escape cancels,
 * an empty (trimmed) or unchanged title cancels (spec §2, §5).
 */
function RenameField({ title, onDone }: { title: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);

  useEffect(() => {
    // After the menu has closed and handed focus back, take it (a frame later).
    const frame = requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
    return () => cancelAnimationFrame(frame);
  }, []);

  function finish(save: boolean) {
    if (finished.current) return;
    finished.current = true;
    const next = value.trim();
    onDone(save && next && next !== title ? next : null);
  }

  return (
    <input
      ref={input}
      value={value}
      maxLength={TITLE_MAX}
      aria-label="Conversation title"
      data-testid="rename-input"
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          finish(true);
        } else if (e.key === "Escape") {
          e.preventDefault();
          finish(false);
        }
      }}
      onBlur={() => finish(true)}
      className="w-full rounded border border-brand-600 bg-white px-2 py-1 text-sm focus:outline-none focus:ring-2 focus:ring-brand-100"
    />
  );
}

type MenuItem = typeof DropdownMenu.Item | typeof ContextMenu.Item;

/** What both menus offer (the ⋯ button's and the right-click one), in the menu kind's own items. */
function MenuItems({ Item, onRename, onDelete }: { Item: MenuItem; onRename: () => void; onDelete: () => void }) {
  return (
    <>
      <Item className={itemClasses} onSelect={onRename}>
        Rename
      </Item>
      <Item className={cn(itemClasses, "text-red-700")} onSelect={onDelete}>
        Delete Conversation
      </Item>
    </>
  );
}

/** One conversation in Chat History: click opens it; right-click (or the ⋯ button) offers Rename and Delete. */
export function ConversationItem({
  conversation,
  selected,
  renaming,
  onSelect,
  onStartRename,
  onRename,
  onDelete,
  onMenuOpenChange,
}: {
  conversation: Conversation;
  selected: boolean;
  renaming: boolean;
  onSelect: () => void;
  onStartRename: () => void;
  /** null: renaming was cancelled. */
  onRename: (title: string | null) => void;
  onDelete: () => void;
  onMenuOpenChange: (open: boolean) => void;
}) {
  const created = formatCreatedDate(conversation.createdAt);
  const renameChosen = useRef(false);

  if (renaming) {
    return (
      <li className="px-2 py-1" data-testid="conversation-item">
        <RenameField title={conversation.title} onDone={onRename} />
      </li>
    );
  }

  const startRename = () => {
    renameChosen.current = true;
    onStartRename();
  };
  // Focus goes to the rename field, not back to the row, when Rename closes the menu.
  const keepFocusForRename = (event: Event) => {
    if (!renameChosen.current) return;
    renameChosen.current = false;
    event.preventDefault();
  };

  // The menus render in the row, not in a portal at the end of the body: inside the history's landmark, where
  // assistive tools expect them (they are positioned fixed either way).
  // Not modal: a modal menu hides the rest of the page with aria-hidden while focus is still on (or returns
  // to) the row that opened it, so focus sat inside a hidden region. Escape and a click outside still close it.
  return (
    <ContextMenu.Root onOpenChange={onMenuOpenChange} modal={false}>
      <ContextMenu.Trigger asChild>
        <li className="group/item relative" data-testid="conversation-item" data-conversation-id={conversation.id}>
          <button
            type="button"
            onClick={onSelect}
            aria-current={selected ? "true" : undefined}
            className={cn(
              "block w-full rounded-md px-3 py-2 pr-9 text-left focus-visible:outline-2 focus-visible:outline-brand-600",
              selected ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
            )}
          >
            <span className="block truncate text-sm font-medium" data-testid="conversation-title">
              {conversation.title}
            </span>
            {created ? (
              <time className="block text-xs text-slate-600" dateTime={conversation.createdAt}>
                {created}
              </time>
            ) : null}
          </button>
          <DropdownMenu.Root onOpenChange={onMenuOpenChange} modal={false}>
            <DropdownMenu.Trigger
              aria-label={`Options for ${conversation.title}`}
              className="absolute right-1 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 opacity-0 hover:bg-slate-200 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600 group-hover/item:opacity-100 data-[state=open]:opacity-100"
            >
              <MoreDots />
            </DropdownMenu.Trigger>
            <DropdownMenu.Content align="start" className={menuClasses} onCloseAutoFocus={keepFocusForRename}>
              <MenuItems Item={DropdownMenu.Item} onRename={startRename} onDelete={onDelete} />
            </DropdownMenu.Content>
          </DropdownMenu.Root>
          <ContextMenu.Content className={menuClasses} onCloseAutoFocus={keepFocusForRename}>
            <MenuItems Item={ContextMenu.Item} onRename={startRename} onDelete={onDelete} />
          </ContextMenu.Content>
        </li>
      </ContextMenu.Trigger>
    </ContextMenu.Root>
  );
}
