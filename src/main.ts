import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { warmPoolWhenIdle } from './analysis/browserPool.ts';

const app = mount(App, { target: document.getElementById('app')! });
warmPoolWhenIdle();
export default app;
