// The layout checks (layout.ts, RULES §12.3) load with the first version 2 level, not with the page:
// a synchronous caller that needs them on such a level (a resize moving the layout with the cells)
// loads them first (loadLayout; the registry does it for set_grid_size) and then reads them here.
// The layout's shift with the cells (layoutShift.ts) loads with them: only a caller that loaded them uses it.
type LayoutModule = typeof import('./layout.ts');
type ShiftModule = typeof import('./layoutShift.ts');

let loaded: LayoutModule | null = null;
let shift: ShiftModule | null = null;

/** Loads the layout checks (and the layout's shift) once. */
export async function loadLayout(): Promise<LayoutModule> {
  if (loaded && shift) return loaded;
  const [l, s] = await Promise.all([import('./layout.ts'), import('./layoutShift.ts')]);
  shift = s;
  return (loaded = l);
}

/** shiftLayout (layoutShift.ts), once loadLayout has run. */
export function layoutShift(): ShiftModule {
  if (!shift) throw new Error('the layout checks are not loaded yet (loadLayout first)');
  return shift;
}

/** The layout checks, once loaded; a caller that did not load them first is told so. */
export function layoutChecks(): LayoutModule {
  if (!loaded) throw new Error('the layout checks are not loaded yet (loadLayout first)');
  return loaded;
}
