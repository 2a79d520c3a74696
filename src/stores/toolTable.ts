// The one table of pointer tools: the palette draws its buttons from it, the keyboard maps its keys,
// the board asks it how a tool behaves, and the shortcuts dialog lists it.
export const TOOL_IDS = ['brush', 'rect', 'fill', 'eyedropper', 'erase', 'select', 'wall', 'portal', 'belt', 'spawn', 'hidden'] as const;
export type PaintTool = (typeof TOOL_IDS)[number];
/** Where in its cell the pointer is, 0..1 across and down (the Wall tool aims at the edge nearest it). */
export type InCell = [number, number];

export interface ToolSpec {
  id: PaintTool;
  /** Catalogue key of the visible name (also the accessible name). */
  label: string;
  /** Catalogue key of the one-line hint shown under the palette. */
  hint: string;
  /** The key that picks the tool (letters, matched without modifiers). */
  key: string;
  /** A 24×24 SVG path. */
  icon: string;
  /** Paints one layer: the other layers are dimmed on the board while it is active, and Mirror applies. */
  paintsLayer: boolean;
  /** Edits the board's layout (RULES §12.3): offered where the level or its game is version 2. */
  layout?: true;
}

export const TOOL_TABLE: readonly ToolSpec[] = [
  { id: 'brush', label: 'tool.brush', hint: 'hint.brush', key: 'B', icon: 'M4 20l4-1 11-11-3-3L5 16l-1 4Z', paintsLayer: true },
  { id: 'rect', label: 'tool.rect', hint: 'hint.rect', key: 'R', icon: 'M4 5h16v14H4Z', paintsLayer: true },
  { id: 'fill', label: 'tool.fill', hint: 'hint.fill', key: 'F', icon: 'M5 12l7-7 7 7-7 7Z M19 15q2 3 0 4q-2-1 0-4', paintsLayer: true },
  { id: 'eyedropper', label: 'tool.eyedropper', hint: 'hint.eyedropper', key: 'I', icon: 'M15 4l5 5-2 2-1-1-8 8H6v-3l8-8-1-1Z', paintsLayer: false },
  { id: 'erase', label: 'tool.erase', hint: 'hint.erase', key: 'E', icon: 'M8 19l-4-4 9-9 7 7-6 6Z M4 19h16', paintsLayer: true },
  { id: 'select', label: 'tool.select', hint: 'hint.select', key: 'S', icon: 'M4 4h3M10 4h4M17 4h3v3M20 10v4M20 17v3h-3M14 20h-4M7 20H4v-3M4 14v-4M4 7V4', paintsLayer: false },
  { id: 'wall', label: 'tool.wall', hint: 'hint.wall', key: 'W', icon: 'M4 4h16v16H4Z M12 3v18', paintsLayer: false, layout: true },
  { id: 'portal', label: 'tool.portal', hint: 'hint.portal', key: 'O', icon: 'M5 9q7-6 14 0 M5 15q7 6 14 0 M12 7v10 M9 14l3 3 3-3', paintsLayer: false, layout: true },
  // (their words load with the layout tools: catalog/lazy/layoutTools.ts)
  { id: 'belt', label: 'tool.belt', hint: 'hint.belt', key: 'L', icon: 'M3 7h18v10H3Z M6 12h10 M13 9l3 3-3 3', paintsLayer: false, layout: true },
  { id: 'spawn', label: 'tool.spawn', hint: 'hint.spawn', key: 'N', icon: 'M5 4h14l-7 7Z M12 11v9 M8 16l4 4 4-4', paintsLayer: false, layout: true },
  { id: 'hidden', label: 'tool.hidden', hint: 'hint.hidden', key: 'H', icon: 'M3 8h18 M7 12h10v7H7Z', paintsLayer: false, layout: true },
];

/** Whether the layout tools are offered: the level or its game is version 2 (RULES §12; the copilot's model: core/level/layout.ts's). */
export const layoutToolsOn = (level: { version?: number } | null, game: { version?: number }): boolean => level?.version === 2 || game.version === 2;

/** The tools offered on a level: the layout tools only where the level or its game is version 2. */
export const toolsFor = (layout: boolean): readonly ToolSpec[] => (layout ? TOOL_TABLE : TOOL_TABLE.filter((t) => !t.layout));

export function toolSpec(id: PaintTool): ToolSpec {
  return TOOL_TABLE.find((t) => t.id === id)!;
}

/** The tool a plain key press picks, if any. */
export function toolForKey(key: string, layout = false): PaintTool | undefined {
  return toolsFor(layout).find((t) => t.key.toLowerCase() === key.toLowerCase())?.id;
}
