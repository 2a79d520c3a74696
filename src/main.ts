import { mount } from 'svelte';
import * as z from 'zod/mini';
import './app.css';
import App from './App.svelte';
import { warmPoolWhenIdle } from './analysis/pagePool.ts';

// the page's CSP forbids eval: zod validates without compiling code at run time
z.config({ jitless: true });

const app = mount(App, { target: document.getElementById('app')! });
warmPoolWhenIdle();
export default app;
