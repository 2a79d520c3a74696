// The layout checks (layout.ts, RULES §12.3) load with the first version 2 level, not with the page:
// a synchronous caller that needs them on such a level (a resize moving the layout with the cells)
// loads them first (loadLayout; the registry does it for set_grid_size) and then reads them here.
type LayoutModule = typeof import('./layout.ts');

let loaded: LayoutModule | null = null;

/** Loads the layout checks once. */
export async function loadLayout(): Promise<LayoutModule> {
  return (loaded ??= await import('./layout.ts'));
}

/** The layout checks, once loaded; a caller that did not load them first is told so. */
export function layoutChecks(): LayoutModule {
  if (!loaded) throw new Error('the layout checks are not loaded yet (loadLayout first)');
  return loaded;
}
