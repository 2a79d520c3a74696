// The key of a pack's stored job in the `jobs` records (jobs.svelte.ts). Apart so the studio's start
// can look a stored job up without loading the jobs code into the first load.
export const JOB_KEY = 'pack-job';
