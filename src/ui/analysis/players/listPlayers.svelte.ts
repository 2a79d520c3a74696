// The level list's players' parts (the badge choice and the players' badge, with their strings) load
// only once a calibration exists: most sessions never have one, and the list is in the first load.
import type { Component } from 'svelte';

interface Parts {
  Choice: Component;
  Badge: Component<{ id: string }>;
}

export const listPlayers = $state<{ parts: Parts | null }>({ parts: null });
let loading: Promise<void> | null = null;

export function loadListPlayers(): Promise<void> {
  return (loading ??= import('./listBadge.ts').then((m) => {
    listPlayers.parts = { Choice: m.BadgeChoice, Badge: m.PlayerBadge };
  }));
}
