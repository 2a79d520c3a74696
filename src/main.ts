import { mount } from 'svelte';
import * as z from 'zod/mini';
import './app.css';
import App from './App.svelte';
import { warmPoolWhenIdle, whenIdle } from './analysis/pagePool.ts';
import { loadTools } from './core/tools/index.ts';

// the page's CSP forbids eval: zod validates without compiling code at run time
z.config({ jitless: true });
// zod's English messages (for the issues our schemas leave to zod) load right after the page: the first
// page's tools take arguments the UI has checked, and a file's problems come from the parsers, which load them too
void import('./core/zod.ts');

const app = mount(App, { target: document.getElementById('app')! });
warmPoolWhenIdle();
// the Analyze buttons' tools load on first use; loaded when the page is idle, the first Analyze waits for no code
whenIdle(() => void loadTools(['analyze_level', 'deep_analyze']).catch(() => {}));
export default app;
