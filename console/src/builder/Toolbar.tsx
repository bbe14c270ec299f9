/** The builder's edit commands, as buttons beside their keyboard shortcuts. */
export interface ToolbarProps {
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  canPaste: boolean;
  canTidy: boolean;
  minimap: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onCopy: () => void;
  onPaste: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onTidy: () => void;
  onToggleMinimap: () => void;
}

export function Toolbar(p: ToolbarProps) {
  const button = (label: string, keys: string | null, onClick: () => void, enabled: boolean) => (
    <button
      type="button"
      className="btn btn-small"
      onClick={onClick}
      disabled={!enabled}
      title={keys ? `${label} (${keys})` : label}
      aria-keyshortcuts={keys ?? undefined}
    >
      {label}
    </button>
  );
  return (
    <div className="builder-toolbar" role="toolbar" aria-label="Edit">
      {button('Undo', 'Control+Z', p.onUndo, p.canUndo)}
      {button('Redo', 'Control+Shift+Z', p.onRedo, p.canRedo)}
      <span className="toolbar-gap" />
      {button('Copy', 'Control+C', p.onCopy, p.hasSelection)}
      {button('Paste', 'Control+V', p.onPaste, p.canPaste)}
      {button('Duplicate', 'Control+D', p.onDuplicate, p.hasSelection)}
      {button('Delete', 'Delete', p.onDelete, p.hasSelection)}
      <span className="toolbar-gap" />
      {button('Tidy up', null, p.onTidy, p.canTidy)}
      <button
        type="button"
        className="btn btn-small"
        aria-pressed={p.minimap}
        onClick={p.onToggleMinimap}
        title="Show or hide the minimap (it sits over the canvas)"
      >
        Minimap
      </button>
      <span className="hint toolbar-hint">Shift+drag selects several nodes; Ctrl+click adds one.</span>
    </div>
  );
}
