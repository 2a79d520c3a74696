import { mount } from 'svelte';
import { z } from 'zod';
import './app.css';
import App from './App.svelte';

// the page's CSP forbids eval: zod validates without compiling code at run time
z.config({ jitless: true });

const app = mount(App, { target: document.getElementById('app')! });
export default app;
