// The level list's players' badge and its choice (issue 19), for LevelList.svelte to mount.
export { default as BadgeChoice } from './BadgeChoice.svelte';
export { default as PlayerBadge } from './PlayerBadge.svelte';
