// The copilot's providers and keys: the settings record (saved, and shown when another tab saves it) and
// the API keys, held in memory unless a provider says remember (then saved apart from the settings).
import { CopilotSettings, estimateCost, newProvider, presetOf, type ProviderConfig } from '../../ai/providers.ts';
import type { Storage } from '../../db/storage.ts';

const KEYS_SETTING = 'secret:keys';
const SETTINGS_KEY = 'copilot';

export class ProviderSettings {
  settings = $state<CopilotSettings>(CopilotSettings.parse({}));
  /** API keys by provider id: in memory unless the provider says remember. */
  keys = $state<Record<string, string>>({});
  active = $derived(this.settings.providers.find((p) => p.id === this.settings.activeId) ?? null);

  constructor(private readonly storage: () => Storage | null) {}

  async load() {
    const s = this.storage();
    if (!s) return;
    const saved = await s.getSetting<unknown>(SETTINGS_KEY);
    const parsed = CopilotSettings.safeParse(saved ?? {});
    if (parsed.success) this.settings = parsed.data;
    this.keys = (await s.getSetting<Record<string, string>>(KEYS_SETTING)) ?? {};
  }

  /** A setting saved in another tab (or merged with one): shown here without saving it again. */
  applyStoredSetting(key: string, value: unknown) {
    if (key === SETTINGS_KEY) {
      const parsed = CopilotSettings.safeParse(value ?? {});
      if (parsed.success) this.settings = parsed.data;
    } else if (key === KEYS_SETTING && value && typeof value === 'object') {
      // remembered keys join the keys this tab holds in memory; a key forgotten there stays here for the session
      this.keys = { ...this.keys, ...(value as Record<string, string>) };
    }
  }

  private async save() {
    const s = this.storage();
    if (!s) return;
    // keys are never part of the settings record
    const snap = $state.snapshot(this.settings) as CopilotSettings;
    const clean = { ...snap, providers: snap.providers.map(({ apiKey: _k, ...p }) => p) };
    const remembered = Object.fromEntries(this.settings.providers.filter((p) => p.rememberKey && this.keys[p.id]).map((p) => [p.id, this.keys[p.id]]));
    // both writes are queued at once, so "All changes saved" means both are on disk
    await Promise.all([s.setSetting(SETTINGS_KEY, clean), s.setSetting(KEYS_SETTING, $state.snapshot(remembered))]);
  }

  updateSettings(patch: Partial<CopilotSettings>) {
    this.settings = { ...this.settings, ...patch };
    void this.save();
  }
  addProvider(presetId: string): ProviderConfig {
    const p = newProvider(presetId);
    this.updateSettings({ providers: [...this.settings.providers, p], activeId: p.id });
    return p;
  }
  updateProvider(id: string, patch: Partial<ProviderConfig>) {
    this.updateSettings({ providers: this.settings.providers.map((p) => (p.id === id ? { ...p, ...patch } : p)) });
  }
  removeProvider(id: string) {
    const providers = this.settings.providers.filter((p) => p.id !== id);
    const { [id]: _gone, ...keys } = this.keys;
    this.keys = keys;
    this.updateSettings({ providers, activeId: this.settings.activeId === id ? (providers[0]?.id ?? null) : this.settings.activeId });
  }
  setKey(id: string, key: string) {
    this.keys = { ...this.keys, [id]: key.trim() };
    // whether a key was given is kept (not the key): a reload that drops the key then asks for it
    const given = key.trim() !== '';
    if (this.settings.providers.some((p) => p.id === id && !!p.keyGiven !== given))
      this.settings = { ...this.settings, providers: this.settings.providers.map((p) => (p.id === id ? { ...p, keyGiven: given } : p)) };
    void this.save();
  }
  configWithKey(p: ProviderConfig): ProviderConfig {
    return { ...$state.snapshot(p), apiKey: this.keys[p.id] || undefined } as ProviderConfig;
  }
  /** The provider needs a key (its preset does, or one was given before) and none is held now. */
  keyMissing(cfg: ProviderConfig): boolean {
    return (presetOf(cfg.preset).needsKey || !!cfg.keyGiven) && !this.keys[cfg.id];
  }
  /** The tool protocol a turn starts with: text for a model that refused tools before. */
  modeOf(cfg: ProviderConfig): 'native' | 'text' {
    return cfg.toolMode === 'text' || (cfg.toolMode === 'auto' && this.settings.textModeModels.includes(`${cfg.baseURL}|${cfg.model}`)) ? 'text' : 'native';
  }
  /** A model that refused tools: its later turns start with the text protocol. */
  rememberTextMode(cfg: ProviderConfig) {
    this.updateSettings({ textModeModels: [...new Set([...this.settings.textModeModels, `${cfg.baseURL}|${cfg.model}`])] });
  }
  costOf(usage: { prompt: number; completion: number }) {
    return this.active ? estimateCost(this.active.preset, usage.prompt, usage.completion) : null;
  }
}
