import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { Conversation } from "~/lib/chat-client";
import { ChatBubble, Gear, PanelLeft, Plus } from "./chat-icons";
import { ConversationItem } from "./conversation-item";

const narrowScreen = () => window.matchMedia("(max-width: 767px)").matches;

/**
 * The newest conversations listed until "Show all" is chosen: the page arrives with the history drawn, and a
 * history of thousands would make that page slow to draw (on the server too) for a list nobody scrolls.
 */
const HISTORY_SHOWN = 100;

/**
 * The left sidebar (spec §2): New Chat, Chat History, Settings. It can be collapsed to a
 * narrow rail, which expands over the page while hovered or while something in it has focus
 * (or a menu or rename is open), so it stays usable by mouse and keyboard.
 */
export function Sidebar({
  conversations,
  selectedId,
  onSelect,
  onNewChat,
  onRename,
  onDelete,
  onOpenSettings,
}: {
  conversations: readonly Conversation[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onNewChat: () => void;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
  onOpenSettings: () => void;
}) {
  const [collapsed, setCollapsed] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focusInside, setFocusInside] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const listed = showAll ? conversations : conversations.slice(0, HISTORY_SHOWN);

  // Small screens start with the rail, so the conversation has the width.
  useEffect(() => {
    if (narrowScreen()) setCollapsed(true);
  }, []);

  /** On a small screen the open panel covers the conversation: choosing one (or a new chat) closes it. */
  function closeOnSmallScreen() {
    if (!narrowScreen()) return;
    setCollapsed(true);
    setHovered(false);
    setFocusInside(false);
  }

  const expanded = !collapsed || hovered || focusInside || menuOpen || renamingId !== null;
  const overlay = collapsed && expanded;

  return (
    // The rail keeps its width in the layout; the expanded panel floats over the page when collapsed.
    <div className={cn("relative shrink-0 transition-[width] duration-200", collapsed ? "w-14" : "w-72")} data-testid="chat-sidebar-frame">
      <aside
        aria-label="Conversations"
        data-testid="chat-sidebar"
        data-expanded={expanded}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        // Keyboard focus expands the rail; a mouse click (e.g. on Collapse) must not keep it open.
        onFocus={(e) => setFocusInside(e.target.matches(":focus-visible"))}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusInside(false);
        }}
        className={cn(
          "absolute inset-y-0 left-0 z-30 flex flex-col border-r border-slate-200 bg-white transition-[width] duration-200",
          expanded ? "w-72" : "w-14",
          overlay && "shadow-xl",
        )}
      >
        <div className={cn("flex items-center gap-1 p-2", expanded ? "justify-between" : "justify-center")}>
          {expanded ? <span className="px-2 text-sm font-semibold text-slate-700">Chat History</span> : null}
          <button
            type="button"
            onClick={() => setCollapsed((c) => !c)}
            aria-label={collapsed ? "Keep the sidebar open" : "Collapse the sidebar"}
            aria-pressed={!collapsed}
            className="rounded-md p-2 text-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <PanelLeft className="h-5 w-5 shrink-0" />
          </button>
        </div>

        <div className="px-2">
          <Button
            onClick={() => {
              closeOnSmallScreen();
              onNewChat();
            }}
            className={cn("w-full", !expanded && "px-0!")} aria-label={expanded ? undefined : "New Chat"}>
            <Plus className="h-5 w-5 shrink-0" />
            {expanded ? "New Chat" : null}
          </Button>
        </div>

        <nav className="mt-3 min-h-0 flex-1 overflow-y-auto px-2 pb-2" aria-label="Chat History">
          {expanded ? (
            conversations.length === 0 ? (
              <p className="px-2 py-3 text-sm text-slate-500" data-testid="empty-history">
                No chat history yet
              </p>
            ) : (
              <>
                <ul className="space-y-0.5" data-testid="conversation-list">
                  {listed.map((c) => (
                    <ConversationItem
                      key={c.id}
                      conversation={c}
                      selected={c.id === selectedId}
                      renaming={c.id === renamingId}
                      onSelect={() => {
                        closeOnSmallScreen();
                        onSelect(c.id);
                      }}
                      onStartRename={() => setRenamingId(c.id)}
                      onRename={(title) => {
                        setRenamingId(null);
                        if (title) onRename(c.id, title);
                      }}
                      onDelete={() => onDelete(c.id)}
                      onMenuOpenChange={setMenuOpen}
                    />
                  ))}
                </ul>
                {listed.length < conversations.length ? (
                  <Button variant="ghost" className="mt-1 w-full text-xs" onClick={() => setShowAll(true)}>
                    Show all {conversations.length} conversations
                  </Button>
                ) : null}
              </>
            )
          ) : (
            <div className="flex justify-center pt-2 text-lg text-slate-400" aria-hidden="true">
              <ChatBubble className="h-5 w-5 shrink-0" />
            </div>
          )}
        </nav>

        <div className="border-t border-slate-200 p-2">
          <Button variant="ghost" onClick={onOpenSettings} className={cn("w-full", expanded ? "justify-start" : "px-0!")} aria-label={expanded ? undefined : "Settings"}>
            <Gear className="h-5 w-5 shrink-0" />
            {expanded ? "Settings" : null}
          </Button>
        </div>
      </aside>
    </div>
  );
}
